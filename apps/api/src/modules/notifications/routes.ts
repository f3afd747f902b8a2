import { apiErrorSchema } from "@visadesk/contract/common";
import {
  notificationIdParamsSchema,
  notificationListSchema,
  notificationReadAnswerSchema,
} from "@visadesk/contract/notifications";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#api/plugins/auth";
import type { NotificationService } from "./service";

const tags = ["notifications"];

/** Under /api/v2/notifications: what concerns the signed-in person now, derived from the data. */
export function notificationRoutes(notifications: NotificationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/",
      {
        prefixTrailingSlash: "no-slash",
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "The caller's notifications, newest first, with the unread count",
          description:
            "For Admins: registrations waiting for approval. For everyone: appointments in the next 24 hours " +
            "still unconfirmed, failed reminder mails, open tasks assigned to them by someone else and open " +
            "tasks due today. A notification is gone once its cause is (decided, confirmed, done).",
          response: { 200: notificationListSchema },
        },
      },
      (request) => notifications.list(signedInUser(request)),
    );

    app.post(
      "/read-all",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Marks every current notification of the caller read",
          response: { 200: notificationReadAnswerSchema },
        },
      },
      (request) => notifications.readAll(signedInUser(request)),
    );

    app.post(
      "/:id/read",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Marks one notification read for the caller (other people's marks are their own)",
          params: notificationIdParamsSchema,
          response: { 200: notificationReadAnswerSchema, 404: apiErrorSchema },
        },
      },
      (request) => notifications.read(signedInUser(request), request.params.id),
    );
  };
}
