import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";
import { AUDIT_IMMUTABLE_MESSAGE } from "./015-audit-log";
import { noticeChangesOf } from "./021-change-notices";

/** The name an erased customer's history rows give their actor. */
export const ERASED_ACTOR_NAME = "Erased customer";

/**
 * The one change an audit row may take: being emptied when a customer erases their account. Every column
 * stays as it was except these, each either unchanged or blanked: the values (changes to "{}"), the subject
 * (to null) and the actor's name (to ERASED_ACTOR_NAME). Nothing can be written into a row, only taken out.
 */
const emptiedOnly = (old: string, next: string) => `
  ${next}.id = ${old}.id and ${next}.at = ${old}.at and ${next}.action = ${old}.action
  and ${next}.entity = ${old}.entity
  and ${next}.entity_id is not distinct from ${old}.entity_id
  and ${next}.actor_guid_id is not distinct from ${old}.actor_guid_id
  and ${next}.about_entity is not distinct from ${old}.about_entity
  and ${next}.about_entity_id is not distinct from ${old}.about_entity_id
  and ${next}.request_id is not distinct from ${old}.request_id
  and ${next}.ip is not distinct from ${old}.ip
  and (${next}.changes = ${old}.changes or ${next}.changes = '{}')
  and (${next}.subject is not distinct from ${old}.subject or ${next}.subject is null)
  and (${next}.actor_name is not distinct from ${old}.actor_name or ${next}.actor_name = '${ERASED_ACTOR_NAME}')`;

/**
 * The customer side: an app user's language, when their email was proven (a booking needs it) and where
 * the check of their CNIC stands (pending, verified, rejected; null: never asked), when they erased their
 * account (it cannot be restored); the
 * devices they signed in on (customer_sessions), each with its chain of refresh tokens, stored hashed; and
 * the emailed six-digit code that proves an address, stored hashed, with its failed tries counted.
 */
export function customerAccountsMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  return {
    async up(db) {
      await db.schema.alterTable("users").addColumn("language", "text").execute();
      await db.schema.alterTable("users").addColumn("email_verified_at", ts).execute();
      await db.schema.alterTable("users").addColumn("cnic_verification", "text").execute();
      await db.schema.alterTable("users").addColumn("erased_at", ts).execute();
      // The CNIC verification queue, newest first, stays an index walk however many app users there are.
      await sql`create index users_cnic_pending on users (id) where cnic_verification = 'pending' and deleted_at is null`.execute(
        db,
      );
      await db.schema
        .createTable("customer_sessions")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("device_name", "text", (col) => col.notNull())
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("last_used_at", ts, (col) => col.notNull())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .addColumn("revoked_at", ts)
        .addColumn("address", "text")
        .execute();
      await sql`create index customer_sessions_user on customer_sessions (user_id, created_at)`.execute(db);
      await db.schema
        .createTable("customer_refresh_tokens")
        .addColumn("token_hash", "text", (col) => col.primaryKey())
        .addColumn("session_id", "text", (col) =>
          col.notNull().references("customer_sessions.id").onDelete("cascade"),
        )
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("used_at", ts)
        .execute();
      await sql`create index customer_refresh_tokens_session on customer_refresh_tokens (session_id)`.execute(
        db,
      );
      await db.schema
        .createTable("email_codes")
        .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (col) => col.notNull())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .addColumn("failed_tries", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("created_at", ts, (col) => col.notNull())
        .execute();
      // Audit rows stay unchangeable, but for an erasure's emptying of them (see emptiedOnly).
      if (pg) {
        await sql
          .raw(`create function audit_log_refuse_change_but_erasure() returns trigger language plpgsql as $$
            begin
              if tg_op = 'UPDATE' and ${emptiedOnly("old", "new")} then return new; end if;
              raise exception '${AUDIT_IMMUTABLE_MESSAGE}' using errcode = 'insufficient_privilege';
            end
          $$`)
          .execute(db);
        await sql`drop trigger audit_log_immutable on audit_log`.execute(db);
        await sql`create trigger audit_log_immutable before update or delete on audit_log
          for each row execute function audit_log_refuse_change_but_erasure()`.execute(db);
      } else {
        await sql`drop trigger audit_log_no_update`.execute(db);
        await sql
          .raw(`create trigger audit_log_no_update before update on audit_log
            when not (${emptiedOnly("old", "new").replaceAll("is not distinct from", "is")})
            begin select raise(abort, '${AUDIT_IMMUTABLE_MESSAGE}'); end`)
          .execute(db);
      }
      if (pg) {
        for (const table of ["customer_sessions", "customer_refresh_tokens", "email_codes"]) {
          await noticeChangesOf(table).execute(db);
        }
      }
    },
  };
}
