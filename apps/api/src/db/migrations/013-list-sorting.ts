import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * One index per sortable column of each list (issue "Lists that staff can work with"): the column's key
 * then the id, so a sorted page (and each page of an export, which continues after the last row read)
 * walks the index forwards or backwards and stops at its LIMIT instead of sorting every row. Nullable
 * text is indexed as coalesce(column, '') because the lists order by exactly that (db/sorting.ts): the
 * same order on both engines, and the planner matches the expression. Consultants and users are partial
 * (not deleted), like consultants_list and users_role_list. The appointments' default order (upcoming
 * first) reads appointments_by_date both ways; a customer's appointments get the same order of their own.
 */
const INDEXES = [
  "create index consultants_by_name on consultants (name, id) where deleted_at is null",
  "create index consultants_by_contact_email on consultants (contact_email, id) where deleted_at is null",
  "create index consultants_by_business_name on consultants (business_name, id) where deleted_at is null",
  "create index consultants_by_country on consultants ((coalesce(country, '')), id) where deleted_at is null",
  "create index consultants_by_phone on consultants (phone_number, id) where deleted_at is null",
  "create index consultants_by_created on consultants (created_at, id) where deleted_at is null",
  // The users lists are always of one role (app users) or of the few internal ones: role leads, as in
  // users_role_list, so a page of app users walks its own part of the index in the sort's order.
  "create index users_by_user_name on users (role, user_name, id) where deleted_at is null",
  "create index users_by_email on users (role, email, id) where deleted_at is null",
  "create index users_by_full_name on users (role, (coalesce(first_name, '') || ' ' || coalesce(last_name, '')), id) where deleted_at is null",
  "create index users_by_phone on users (role, (coalesce(phone_number, '')), id) where deleted_at is null",
  "create index users_by_cnic on users (role, (coalesce(cnic, '')), id) where deleted_at is null",
  "create index users_by_created on users (role, created_at, id) where deleted_at is null",
  "create index appointments_by_created on appointments (created_at, id)",
  "create index appointments_by_user_date on appointments (user_id, appointment_date, appointment_time, id)",
];

export function listSortingMigration(_dialect: DialectName): Migration {
  return {
    async up(db) {
      for (const statement of INDEXES) await sql.raw(statement).execute(db);
    },
  };
}
