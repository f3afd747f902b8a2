import { z } from "zod";
import { auditFilterSchema, auditPageSchema, auditQuerySchema } from "./audit";
import { apiErrorSchema } from "./common";
import { endpoint } from "./endpoint";
import { EXPORT_LIMIT_TEXT } from "./lists-constants";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["audit"];

/** The audit history. No endpoint changes or removes a row: it is append-only. */
export const auditEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v2/audit",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "The audit history, newest first (Staff: one record's only, with entity and entityId)",
    description:
      "Every filter is optional for an Admin. Staff must give both `entity` and `entityId` (403 " +
      "otherwise), of a consultant, an appointment, a note, an app user, their own account or a task " +
      "they may see (403 for any other record: an internal account's, a file's). A record's history " +
      "(`entity` and `entityId`) holds its own rows and the rows about it: those of the tasks linked to it " +
      "when they changed (`about`). `from` is inclusive, `to` exclusive; dates without a time mean 00:00 UTC. " +
      "Paged by cursor: `data` holds up to `pageSize` rows; `nextCursor` (null on the last page) asks, as " +
      "`cursor` with the same filters, for the rows after them. The matches are not counted (no `total`): " +
      "each page reads from its index only the rows it shows, at any size of the history. A cursor the " +
      "history did not answer is refused (400).",
    query: auditQuerySchema,
    responses: { 200: auditPageSchema, 403: apiErrorSchema },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v2/audit/export",
    auth: ["Admin"],
    tags,
    summary: "The audit history as CSV (UTF-8 with a byte order mark), newest first; Admin only",
    description:
      "Same filters as the list, without paging. Cells that a spreadsheet would run as a formula " +
      "(starting with = + - @, a tab or a return) begin with a single quote. The export is audited.",
    query: auditFilterSchema,
    produces: ["text/csv"],
    responses: {
      200: z.string().describe("The CSV file"),
      403: apiErrorSchema,
      429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
    },
  }),
};
