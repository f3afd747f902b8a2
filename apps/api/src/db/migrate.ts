import { type Migration, Migrator } from "kysely";
import type { Db } from "./database";
import { initialMigration } from "./migrations/001-initial";
import { consultantRevisionMigration } from "./migrations/002-consultant-revision";
import { signInFailuresMigration } from "./migrations/003-sign-in-failures";
import { sessionIdleMigration } from "./migrations/004-session-idle";
import { imageThumbnailsMigration } from "./migrations/005-image-thumbnails";
import { accountControlMigration } from "./migrations/006-account-control";
import { mfaMigration } from "./migrations/007-mfa";

/** Applies every pending migration; a failure stops the start-up loudly (house style 12). */
export async function migrate(db: Db): Promise<void> {
  const migrations: Record<string, Migration> = {
    "001-initial": initialMigration(db.dialect),
    "002-consultant-revision": consultantRevisionMigration(db.dialect),
    "003-sign-in-failures": signInFailuresMigration(db.dialect),
    "004-session-idle": sessionIdleMigration(db.dialect),
    "005-image-thumbnails": imageThumbnailsMigration(db.dialect),
    "006-account-control": accountControlMigration(db.dialect),
    "007-mfa": mfaMigration(db.dialect),
  };
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Keeps the bookkeeping in the schema worked in (tests run side by side in their own schemas).
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${cause}`);
  }
}
