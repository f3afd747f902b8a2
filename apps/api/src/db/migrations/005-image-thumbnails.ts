import type { Migration } from "kysely";
import type { DialectName } from "../database";

/**
 * Each stored image keeps a small copy for lists and cards. Images stored before have none: theirs is made
 * the first time it is asked for.
 */
export function imageThumbnailsMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      await db.schema
        .alterTable("files")
        .addColumn("thumbnail", dialect === "postgres" ? "bytea" : "blob")
        .execute();
    },
  };
}
