import { apiErrorSchema } from "./common";
import { endpoint } from "./endpoint";
import {
  notificationIdParamsSchema,
  notificationListSchema,
  notificationReadAnswerSchema,
} from "./notifications";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["notifications"];

/** What concerns the signed-in person now, derived from the data. */
export const notificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v2/notifications",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "The caller's notifications, newest first, with the unread count",
    description:
      "For Admins: registrations waiting for approval. For everyone: appointments customers booked " +
      "themselves, until confirmed or cancelled; appointments in the next 24 hours " +
      "still unconfirmed, failed reminder mails, open tasks assigned to them by someone else and open " +
      "tasks due today. A notification is gone once its cause is (decided, confirmed, done).",
    responses: { 200: notificationListSchema },
  }),
  readAll: endpoint({
    method: "POST",
    path: "/api/v2/notifications/read-all",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Marks every current notification of the caller read",
    description: "Only the caller's marks change; answers the unread count after it.",
    responses: { 200: notificationReadAnswerSchema },
  }),
  read: endpoint({
    method: "POST",
    path: "/api/v2/notifications/{id}/read",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Marks one notification read for the caller (other people's marks are their own)",
    description: "404: no current notification has this id.",
    params: notificationIdParamsSchema,
    responses: { 200: notificationReadAnswerSchema, 404: apiErrorSchema },
  }),
};
