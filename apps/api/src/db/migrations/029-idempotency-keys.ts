import type { Migration } from "kysely";
import type { DialectName } from "../database";
import { noticeChangesOf } from "./021-change-notices";

/**
 * The Idempotency-Keys of creates a retry could double (a customer's booking): per account and key, a hash
 * of the request's body and, once it is done, the answer it got, so a retry gets that answer again on any
 * replica. Kept 24 hours: each keyed request deletes the older ones (by created_at's index).
 */
export function idempotencyKeysMigration(dialect: DialectName): Migration {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db) {
      await db.schema
        .createTable("idempotency_keys")
        .addColumn("account_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("operation", "text", (col) => col.notNull())
        .addColumn("key", "text", (col) => col.notNull())
        .addColumn("request_hash", "text", (col) => col.notNull())
        // Null while the first request runs; then the answer's status and its body as JSON.
        .addColumn("status", "integer")
        .addColumn("answer", "text")
        .addColumn("created_at", ts, (col) => col.notNull())
        .addPrimaryKeyConstraint("idempotency_keys_pk", ["account_id", "operation", "key"])
        .execute();
      await db.schema
        .createIndex("idempotency_keys_by_created_at")
        .on("idempotency_keys")
        .column("created_at")
        .execute();
      if (dialect === "postgres") await noticeChangesOf("idempotency_keys").execute(db);
    },
  };
}
