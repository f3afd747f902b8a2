import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * Which stored images are someone's personal data (an app user's or a staff member's picture, a CNIC image)
 * and which are a consultant's public face (their logo and pictures). Only the latter are cached for good;
 * a personal picture is served `private` and revalidated, so once it is erased no cache keeps it.
 * Images stored before are personal unless a consultant shows them.
 */
export function personalFilesMigration(_dialect: DialectName): Migration {
  return {
    async up(db) {
      await db.schema
        .alterTable("files")
        .addColumn("is_personal", "boolean", (col) => col.notNull().defaultTo(true))
        .execute();
      // A consultant's image path is "/files/" followed by the file's id.
      await sql`update files set is_personal = false where id in (
          select substr(logo_url, 8) from consultants where logo_url like '/files/%'
          union select substr(profile_pic, 8) from consultants where profile_pic like '/files/%'
          union select substr(profile_pic_thumbnail, 8) from consultants where profile_pic_thumbnail like '/files/%'
        )`.execute(db);
    },
  };
}
