import { z } from "zod";
import { apiErrorSchema } from "./common";
import { endpoint } from "./endpoint";
import { EXPORT_LIMIT_TEXT } from "./lists-constants";
import { BACK_OFFICE_ROLES } from "./roles";
import {
  userDetailSchema,
  userExportQuerySchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
} from "./users";

/** Where the users' endpoints live (the spec's User/... paths). */
export const USER_API = "/api/v2/User";
export const userTags = ["User"];

/** The accounts lists both user screens read: app users, internal (staff) accounts, or both. */
export const userEndpoints = {
  list: endpoint({
    method: "GET",
    path: `${USER_API}/users`,
    auth: BACK_OFFICE_ROLES,
    tags: userTags,
    summary: "Every listed user; with page/pageSize (and search, role=AppUser|internal) one page plus total",
    description:
      "Without page and pageSize: the whole list, an array (as the spec answers it). role=AppUser: the App " +
      "Users screen; internal: Admin and Staff accounts; Admin or Staff: one of them. Rejected registrations " +
      "are listed only with status=rejected. deleted=true (Admin only, 403 for Staff): the deleted app users " +
      "instead, most recently deleted first, one page plus total, each with deletedAt. Above 1,000 matches the " +
      "total is an estimate (totalIsEstimate); exactTotal=true counts it exactly, up to 10,000 matches: ask it " +
      "before acting on every match. An Admin's page of internal accounts carries each one's `signIn` state. " +
      "400 for an unknown sort, role, status or verification, or an exact total past 10,000.",
    query: userListQuerySchema,
    responses: {
      200: z.union([z.array(userSchema), userPageSchema]),
      400: apiErrorSchema,
      403: apiErrorSchema,
    },
  }),
  export: endpoint({
    method: "GET",
    path: `${USER_API}/users/export`,
    auth: BACK_OFFICE_ROLES,
    tags: userTags,
    summary: "The users list (app users, internal users or both) as a CSV file, every matching row",
    description:
      "Takes the list's search, role, status, verification and sort (page and pageSize are ignored), in the " +
      "list's order. UTF-8 with a BOM, a dated file name; cells a spreadsheet would read as a formula start " +
      "with '. Never CNIC images nor anything of the password. The export is audited. 400 for an unknown " +
      "sort or filter value.",
    query: userExportQuerySchema,
    produces: ["text/csv"],
    responses: {
      200: z.string().describe("CSV text, one user a line after the header"),
      400: apiErrorSchema,
      429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
    },
  }),
  get: endpoint({
    method: "GET",
    path: `${USER_API}/users/{id}`,
    auth: BACK_OFFICE_ROLES,
    tags: userTags,
    summary: "One user by guidId",
    description:
      "With how many of their appointments were marked a no-show. An Admin reading an internal account (Admin " +
      "or Staff) also gets its `signIn` state: locked out by failed sign-ins, and whether it has two-factor " +
      "set up. 404 when no listed account has that id (deleted and rejected ones are not listed).",
    params: userIdParamsSchema,
    responses: { 200: userDetailSchema, 404: apiErrorSchema },
  }),
};
