import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  sql,
} from "kysely";
import type { DialectName } from "../database";

/**
 * The whole first schema. Differences between the engines stay in the small helpers at the top:
 * ids, booleans, timestamps, blobs, and the substring-search index (FTS5 trigram vs pg_trgm).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

export function initialMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const bool = pg ? "boolean" : "integer";
  const blob = pg ? "bytea" : "blob";
  const real = pg ? "double precision" : "real";
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    pg
      ? table.addColumn("id", "integer", (col) => col.primaryKey().generatedAlwaysAsIdentity())
      : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
  const falseDefault = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(pg ? sql`false` : 0);
  const trueDefault = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(pg ? sql`true` : 1);
  /** Lowercased text of the searched fields, joined by a separator no user types. */
  const searchText = (fields: string[]) => {
    const sep = pg ? "chr(31)" : "char(31)";
    const joined = fields.map((field) => `coalesce(${field}, '')`).join(` || ${sep} || `);
    return sql.raw(`(lower(${joined}))`);
  };
  const addSearchIndex = async (db: AnyDb, table: string, ftsTable: string) => {
    if (pg) {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql
        .raw(`create index ${table}_search_trgm on ${table} using gin (search_text public.gin_trgm_ops)`)
        .execute(db);
      return;
    }
    // External-content FTS5 table kept in step by triggers: trigram tokens make LIKE '%x%' an index lookup.
    await sql
      .raw(
        `create virtual table ${ftsTable} using fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_search_ai after insert on ${table} begin
           insert into ${ftsTable}(rowid, search_text) values (new.id, new.search_text);
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_search_ad after delete on ${table} begin
           insert into ${ftsTable}(${ftsTable}, rowid, search_text) values ('delete', old.id, old.search_text);
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_search_au after update of search_text on ${table} begin
           insert into ${ftsTable}(${ftsTable}, rowid, search_text) values ('delete', old.id, old.search_text);
           insert into ${ftsTable}(rowid, search_text) values (new.id, new.search_text);
         end`,
      )
      .execute(db);
  };

  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable("users"))
        .addColumn("guid_id", "text", (col) => col.notNull().unique())
        .addColumn("user_name", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("first_name", "text")
        .addColumn("last_name", "text")
        .addColumn("phone_number", "text")
        .addColumn("date_of_birth", "text")
        .addColumn("cnic", "text")
        .addColumn("address", "text")
        .addColumn("profile_pic", "text")
        .addColumn("cnic_front", "text")
        .addColumn("cnic_back", "text")
        .addColumn("password_hash", "text", (col) => col.notNull())
        .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('Admin', 'Staff', 'AppUser')`))
        .addColumn("status", "text", (col) =>
          col.notNull().defaultTo("active").check(sql`status in ('active', 'pending', 'rejected')`),
        )
        .addColumn("search_text", "text", (col) =>
          col
            .generatedAlwaysAs(searchText(["user_name", "email", "first_name", "last_name", "phone_number"]))
            .stored(),
        )
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("updated_at", ts, (col) => col.notNull())
        .addColumn("deleted_at", ts)
        .execute();
      // Unique among accounts that are not deleted, case-insensitively.
      await sql`create unique index users_user_name_unique on users (lower(user_name)) where deleted_at is null`.execute(
        db,
      );
      await sql`create unique index users_email_unique on users (lower(email)) where deleted_at is null`.execute(
        db,
      );
      await sql`create unique index users_cnic_unique on users (cnic) where deleted_at is null and cnic is not null`.execute(
        db,
      );
      await sql`create index users_role_list on users (role, id) where deleted_at is null`.execute(db);
      await addSearchIndex(db, "users", "users_search");

      await withId(db.schema.createTable("consultants"))
        .addColumn("guid_id", "text", (col) => col.notNull().unique())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("business_name", "text", (col) => col.notNull())
        .addColumn("about_info", "text")
        .addColumn("website", "text")
        .addColumn("address", "text")
        .addColumn("country", "text")
        .addColumn("visa_offer", "text")
        .addColumn("services", "text")
        .addColumn("fee", real)
        .addColumn("tags", "text")
        .addColumn("contact_email", "text", (col) => col.notNull())
        .addColumn("phone_number", "text", (col) => col.notNull())
        .addColumn("office_number", "text")
        .addColumn("timing", "text")
        .addColumn("experience", "integer")
        .addColumn("rating", real)
        .addColumn("satisfied_clients", "integer")
        .addColumn("is_approved", bool, falseDefault)
        .addColumn("is_premium", bool, falseDefault)
        .addColumn("logo_url", "text")
        .addColumn("profile_pic", "text")
        .addColumn("profile_pic_thumbnail", "text")
        .addColumn("search_text", "text", (col) =>
          col.generatedAlwaysAs(searchText(["name", "contact_email", "business_name", "country"])).stored(),
        )
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("updated_at", ts, (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("updated_by", "text")
        .addColumn("deleted_at", ts)
        .execute();
      await sql`create index consultants_list on consultants (id) where deleted_at is null`.execute(db);
      await addSearchIndex(db, "consultants", "consultants_search");

      for (const table of ["consultant_timings", "consultant_addresses"] as const) {
        let builder = withId(db.schema.createTable(table))
          .addColumn("guid_id", "text", (col) => col.notNull().unique())
          .addColumn("consultant_id", "integer", (col) => col.notNull().references("consultants.id"))
          .addColumn("is_active", bool, trueDefault)
          .addColumn("is_deleted", bool, falseDefault)
          .addColumn("created_at", ts, (col) => col.notNull())
          .addColumn("updated_at", ts, (col) => col.notNull())
          .addColumn("created_by", "text")
          .addColumn("updated_by", "text");
        if (table === "consultant_timings") {
          for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]) {
            builder = builder.addColumn(day, "text");
          }
        } else {
          builder = builder
            .addColumn("address", "text", (col) => col.notNull())
            .addColumn("city", "text", (col) => col.notNull())
            .addColumn("state", "text", (col) => col.notNull())
            .addColumn("country", "text", (col) => col.notNull())
            .addColumn("zip_code", "text", (col) => col.notNull())
            .addColumn("latitude", real)
            .addColumn("longitude", real);
        }
        await builder.execute();
        await sql.raw(`create index ${table}_consultant on ${table} (consultant_id)`).execute(db);
      }

      await withId(db.schema.createTable("appointments"))
        .addColumn("guid_id", "text", (col) => col.notNull().unique())
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
        .addColumn("user_email", "text")
        .addColumn("consultant_id", "integer", (col) => col.notNull().references("consultants.id"))
        .addColumn("consultant_name", "text")
        .addColumn("consultant_email", "text")
        .addColumn("appointment_date", pg ? "date" : "text", (col) => col.notNull())
        .addColumn("appointment_time", pg ? "time" : "text", (col) => col.notNull())
        .addColumn("description", "text", (col) => col.notNull())
        .addColumn("support_contact", "text")
        .addColumn("is_confirmed", bool, falseDefault)
        .addColumn("is_cancelled", bool, falseDefault)
        .addColumn("is_paid", bool, falseDefault)
        .addColumn("confirmed_at", ts)
        .addColumn("confirmed_by", "text")
        .addColumn("cancelled_at", ts)
        .addColumn("cancelled_by", "text")
        .addColumn("reminder_sent_at", ts)
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("updated_at", ts, (col) => col.notNull())
        .addColumn("created_by", "text")
        .addColumn("updated_by", "text")
        .execute();
      // No double booking, enforced by the database so it holds under concurrency.
      await sql`create unique index appointments_no_double_booking on appointments (consultant_id, appointment_date, appointment_time) where not is_cancelled`.execute(
        db,
      );
      await sql`create index appointments_by_consultant on appointments (consultant_id, appointment_date desc, appointment_time desc, id desc)`.execute(
        db,
      );
      await sql`create index appointments_by_date on appointments (appointment_date desc, appointment_time desc, id desc)`.execute(
        db,
      );
      await sql`create index appointments_by_user on appointments (user_id)`.execute(db);

      await db.schema
        .createTable("files")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("content_type", "text", (col) => col.notNull())
        .addColumn("size", "integer", (col) => col.notNull())
        .addColumn("content", blob, (col) => col.notNull())
        .addColumn("is_private", bool, falseDefault)
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("created_by", "text")
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .addColumn("revoked_at", ts)
        .execute();
      await sql`create index sessions_user on sessions (user_id)`.execute(db);

      await withId(db.schema.createTable("password_resets"))
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
        .addColumn("token_hash", "text", (col) => col.notNull().unique())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .addColumn("used_at", ts)
        .addColumn("created_at", ts, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (col) => col.primaryKey())
        .addColumn("hits", "integer", (col) => col.notNull())
        .addColumn("reset_at", "bigint", (col) => col.notNull())
        .execute();
    },
  };
}
