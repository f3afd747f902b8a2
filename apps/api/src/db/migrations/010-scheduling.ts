import { type Kysely, type Migration, sql } from "kysely";
import { DateTime } from "luxon";
import type { DialectName } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

export interface SchedulingMigrationOptions {
  /** The zone existing appointments were booked in (their consultants had none of their own). */
  businessTimeZone: string;
  /** The length existing appointments are taken to occupy. */
  slotMinutes: number;
}

/**
 * Scheduling: a time zone per consultant and per user (null = BUSINESS_TIMEZONE); per appointment the
 * instant it starts and ends (UTC, derived from its wall-clock date and time in its consultant's zone), its
 * attendance, and whether staff booked it outside the consultant's hours; days a consultant is away.
 * On PostgreSQL an exclusion constraint refuses two overlapping appointments of one consultant that are not
 * cancelled, whatever their start minutes, under any concurrency; SQLite's single writer checks inside the
 * booking's transaction.
 */
export function schedulingMigration(dialect: DialectName, options: SchedulingMigrationOptions): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const bool = pg ? "boolean" : "integer";
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("consultants").addColumn("time_zone", "text").execute();
      await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
      for (const [column, type] of [
        ["starts_at", ts],
        ["ends_at", ts],
        ["attendance", "text"],
        ["outside_hours_by", "text"],
      ] as const) {
        await db.schema.alterTable("appointments").addColumn(column, type).execute();
      }
      await db.schema
        .alterTable("appointments")
        .addColumn("is_outside_hours", bool, (col) => col.notNull().defaultTo(pg ? sql`false` : 0))
        .execute();

      // Existing appointments: their wall-clock time read in the business zone (a time the clocks skip
      // moves forward, a repeated one takes its first occurrence).
      const rows = await db
        .selectFrom("appointments")
        .select(["id", "appointment_date", "appointment_time"])
        .execute();
      for (const row of rows) {
        const date = String(row.appointment_date).slice(0, 10);
        const time = String(row.appointment_time).slice(0, 5);
        let start = DateTime.fromISO(`${date}T${time}`, { zone: options.businessTimeZone });
        const earlier = start.minus({ hours: 1 });
        if (earlier.toFormat("yyyy-MM-dd'T'HH:mm") === `${date}T${time}`) start = earlier;
        const end = start.plus({ minutes: options.slotMinutes });
        await db
          .updateTable("appointments")
          .set({ starts_at: start.toUTC().toISO(), ends_at: end.toUTC().toISO() })
          .where("id", "=", row.id)
          .execute();
      }

      if (pg) {
        await sql`alter table appointments alter column starts_at set not null, alter column ends_at set not null`.execute(
          db,
        );
        await sql`create extension if not exists btree_gist with schema public`.execute(db);
        await sql`alter table appointments add constraint appointments_no_overlap exclude using gist (consultant_id with =, tstzrange(starts_at, ends_at, '[)') with &&) where (not is_cancelled)`.execute(
          db,
        );
      }
      await sql`create index appointments_by_consultant_start on appointments (consultant_id, starts_at)`.execute(
        db,
      );
      await sql`create index appointments_by_attendance on appointments (attendance) where attendance is not null`.execute(
        db,
      );

      const id = (table: ReturnType<AnyDb["schema"]["createTable"]>) =>
        pg
          ? table.addColumn("id", "integer", (col) => col.primaryKey().generatedAlwaysAsIdentity())
          : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
      await id(db.schema.createTable("consultant_time_off"))
        .addColumn("guid_id", "text", (col) => col.notNull().unique())
        .addColumn("consultant_id", "integer", (col) => col.notNull().references("consultants.id"))
        .addColumn("from_date", pg ? "date" : "text", (col) => col.notNull())
        .addColumn("to_date", pg ? "date" : "text", (col) => col.notNull())
        .addColumn("reason", "text")
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("created_by", "text")
        .execute();
      await sql`create index consultant_time_off_by_consultant on consultant_time_off (consultant_id, from_date)`.execute(
        db,
      );
    },
  };
}
