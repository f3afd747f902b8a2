import { apiErrorSchema } from "@visadesk/contract/common";
import {
  consultantDeletedSchema,
  consultantRestoredSchema,
  deleteConsultantQuerySchema,
} from "@visadesk/contract/consultants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "#api/plugins/auth";
import type { ConsultantService } from "./service";

const tags = ["consultants"];
const auth = BACK_OFFICE_ROLES;
const ADMIN_ONLY = ["Admin"] as const;
const idParams = z.object({ id: z.string().min(1) });

/** Deleting a consultant with the fate of its appointments, and an Admin's restore (under /api/v2/Consultants). */
export function deletionRoutes(app: Parameters<FastifyPluginAsyncZod>[0], consultants: ConsultantService) {
  app.delete(
    "/:id",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Soft-delete a consultant, deciding the fate of its upcoming appointments",
        description:
          "With upcoming, not cancelled appointments the answer is 409 unless `appointments` says what " +
          "happens to them: cancel (a `reason` is required; each customer is mailed it after the delete " +
          'is committed) or keep (they stay, and their answers carry consultantDeleted: true, "consultant ' +
          'removed"). confirmUpcoming=true, the older form, means keep.',
        params: idParams,
        querystring: deleteConsultantQuerySchema,
        // 400: cancel without a reason; 404: no such consultant; 409: upcoming appointments, no decision.
        response: {
          200: consultantDeletedSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    (request) => consultants.remove(request.params.id, request.query, signedInUser(request)),
  );

  app.post(
    "/:id/restore",
    {
      config: { auth: ADMIN_ONLY },
      schema: {
        tags,
        summary: "Admin only: restores a deleted consultant with its timings and addresses",
        description:
          "notRestored says what the restore does not bring back: appointments cancelled by the delete " +
          "stay cancelled.",
        params: idParams,
        // 404: no such consultant; 409: the consultant is not deleted.
        response: { 200: consultantRestoredSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) => consultants.restore(request.params.id, signedInUser(request)),
  );
}
