import { auditFilterSchema, auditPageSchema, auditQuerySchema } from "@visadesk/contract/audit";
import { apiErrorSchema } from "@visadesk/contract/common";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EXPORT_LIMIT_TEXT, holdExportSlot } from "#api/lib/export-slots";
import { signedInUser } from "#api/plugins/auth";
import { type AuditService, auditContextOf } from "./service";

const tags = ["audit"];

/** Under /api/v2/audit: the audit history. No route changes or removes a row: it is append-only. */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/",
      {
        // Exactly /api/v2/audit, not also /api/v2/audit/.
        prefixTrailingSlash: "no-slash",
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "The audit history, newest first (Staff: one record's only, with entity and entityId)",
          description:
            "Every filter is optional for an Admin. Staff must give both `entity` and `entityId` (403 " +
            "otherwise), of a consultant, an appointment, a note, an app user, their own account or a task " +
            "they may see (403 for any other record: an internal account's, a file's). A record's history (`entity` and `entityId`) holds its own rows and the rows about " +
            "it: those of the tasks linked to it when they changed (`about`). `from` is inclusive, `to` " +
            "exclusive; dates without a time mean 00:00 UTC.",
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, 403: apiErrorSchema },
        },
      },
      (request) => audit.list(signedInUser(request), request.query),
    );

    app.get(
      "/export",
      {
        config: { auth: ["Admin"] },
        schema: {
          tags,
          summary: "The audit history as CSV (UTF-8 with a byte order mark), newest first; Admin only",
          description:
            "Same filters as the list, without paging. Cells that a spreadsheet would run as a formula " +
            "(starting with = + - @, a tab or a return) begin with a single quote. The export is audited.",
          querystring: auditFilterSchema,
          produces: ["text/csv"],
          response: {
            200: z.string().describe("The CSV file"),
            403: apiErrorSchema,
            429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
          },
        },
      },
      async (request, reply) => {
        holdExportSlot(request, reply);
        const csv = await audit.exportCsv(request.query, auditContextOf(request));
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="audit-${day}.csv"`)
            .header("cache-control", "private, no-store")
            // A stream goes out as it is read; the schema's string only documents the answer.
            .send(csv as unknown as string)
        );
      },
    );
  };
}
