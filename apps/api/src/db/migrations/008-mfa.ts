import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * Two-factor sign-in: an authenticator app's secret (encrypted) and the last time step used, single-use
 * recovery codes (keyed hashes), passkeys (WebAuthn public keys), and the short-lived steps of a sign-in or
 * a passkey ceremony (hashed tokens and challenges). users.is_mfa_enabled says whether any factor is on, so the
 * check of every request (REQUIRE_MFA) reads it with the session it already reads.
 */
export function mfaMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db) {
      await db.schema
        .alterTable("users")
        .addColumn("is_mfa_enabled", "boolean", (col) => col.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createTable("mfa_totp")
        .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("secret", "text", (col) => col.notNull())
        .addColumn("confirmed_at", time)
        .addColumn("last_used_step", "bigint")
        .addColumn("created_at", time, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("mfa_recovery_codes")
        .addColumn("id", "integer", (col) =>
          pg ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
        )
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (col) => col.notNull())
        .addColumn("used_at", time)
        .addColumn("created_at", time, (col) => col.notNull())
        .execute();
      await sql`create index mfa_recovery_codes_user on mfa_recovery_codes (user_id, code_hash)`.execute(db);
      await db.schema
        .createTable("mfa_passkeys")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("public_key", "text", (col) => col.notNull())
        .addColumn("counter", "bigint", (col) => col.notNull().defaultTo(0))
        .addColumn("transports", "text")
        .addColumn("created_at", time, (col) => col.notNull())
        .addColumn("last_used_at", time)
        .execute();
      await sql`create index mfa_passkeys_user on mfa_passkeys (user_id)`.execute(db);
      await db.schema
        .createTable("mfa_steps")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("cascade"))
        .addColumn("challenge", "text")
        .addColumn("expires_at", time, (col) => col.notNull())
        .addColumn("used_at", time)
        .execute();
      await sql`create index mfa_steps_expires on mfa_steps (expires_at)`.execute(db);
    },
  };
}
