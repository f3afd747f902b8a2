import {
  APP_USER_FIELD_DECLARATIONS,
  EXPORTED_APP_USER_FIELDS,
} from "@visadesk/contract/app-user-fields-constants";
import type { UserExportQuery } from "@visadesk/contract/users";
import { sql } from "kysely";
import { textCell, timestampCell } from "#api/db/csv-copy";
import type { AppDeps } from "#api/deps";
import { type CsvColumn, type CsvRows, csvRows, EXPORT_PAGE, mapPages } from "#api/lib/lists";
import { recordExport } from "../audit/service";
import * as repo from "./repository";
import { filterOf } from "./user-list";

/**
 * What the export writes of an account, picked field by field: a copy of the whole record with a spread
 * (as toUser makes) per row made the export's memory grow with the rows (see consultants' exportRows).
 */
function exportedUser(row: repo.ListedUser) {
  return {
    guidId: row.guidId,
    userName: row.userName,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    dateOfBirth: row.dateOfBirth,
    cnic: row.cnic,
    address: row.address,
    role: row.role,
    status: row.suspendedAt ? ("suspended" as const) : row.status,
    createdAt: row.createdAt,
  };
}
export type ExportedUser = ReturnType<typeof exportedUser>;

/**
 * The export's columns: the profile staff read (the declared CSV columns); never the CNIC images nor anything
 * of the password.
 */
export const USER_CSV: CsvColumn<ExportedUser>[] = [
  { header: "Id", value: (u) => u.guidId, cell: textCell("users.guidId") },
  ...EXPORTED_APP_USER_FIELDS.map(
    (field): CsvColumn<ExportedUser> => ({
      header: APP_USER_FIELD_DECLARATIONS[field].csv,
      value: (u) => u[field],
      cell: textCell(`users.${field}`),
    }),
  ),
  { header: "Role", value: (u) => u.role, cell: textCell("users.role") },
  {
    header: "Status",
    value: (u) => u.status,
    cell: textCell(
      sql`case when ${sql.ref("users.suspendedAt")} is not null then 'suspended' else ${sql.ref("users.status")} end`,
    ),
  },
  { header: "Created At", value: (u) => u.createdAt, cell: timestampCell("users.createdAt") },
];

/** The users list as CSV: every account the list's query finds, in its order. */
export function userExport({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  return {
    /** The export is audited before its first row goes out. */
    recordExport: (query: object) => recordExport(db.kysely, "user", query, clock.now()),

    /** Written by PostgreSQL, or read a page at a time. */
    exportRows: (
      query: UserExportQuery,
      columns: readonly CsvColumn<ExportedUser>[] = USER_CSV,
    ): CsvRows<ExportedUser> =>
      csvRows(db, columns, {
        copy: async (cells) => [repo.copyUsers(db, filterOf(query), query.sort, cells)],
        pages: (reader) =>
          mapPages(repo.exportUsers(reader, filterOf(query), query.sort, EXPORT_PAGE), exportedUser),
      }),
  };
}
