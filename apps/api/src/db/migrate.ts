import fs from "node:fs/promises";
import { type Migration, Migrator } from "kysely";
import type { Db } from "./database";
import type { SchedulingMigrationOptions } from "./migrations/010-scheduling";

const MIGRATIONS = new URL("./migrations/", import.meta.url);
/** A migration's file: its number, then its name in words ("026-directory-search.ts"). */
const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.[cm]?[jt]s$/;
type MigrationFactory = (dialect: Db["dialect"], options: SchedulingMigrationOptions) => Migration;

/**
 * Every migration in the migrations folder, by its file's name: each file exports one function named
 * "…Migration" that builds it for the database's dialect (the scheduling one also takes the business zone),
 * so adding a migration is adding its file.
 */
async function migrationsOf(db: Db, options: SchedulingMigrationOptions): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const file of (await fs.readdir(MIGRATIONS)).sort()) {
    const name = MIGRATION_FILE.exec(file)?.[1];
    if (!name) continue;
    const exports = (await import(new URL(file, MIGRATIONS).href)) as Record<string, unknown>;
    const factories = Object.entries(exports)
      .filter(([exported, value]) => exported.endsWith("Migration") && typeof value === "function")
      .map(([, value]) => value as MigrationFactory);
    const [factory, ...others] = factories;
    if (!factory || others.length > 0) throw new Error(`${file} must export one function named …Migration`);
    migrations[name] = factory(db.dialect, options);
  }
  return migrations;
}

/**
 * Applies every pending migration (or those up to and including `until`, for tests of what a later one
 * repairs); a failure stops the start-up loudly.
 */
export async function migrate(
  db: Db,
  options: SchedulingMigrationOptions = { businessTimeZone: "UTC", slotMinutes: 30 },
  until?: string,
): Promise<void> {
  // 009 landed before 008: a database that ran 009 first must still accept 008 later (unordered is allowed).
  const migrations = await migrationsOf(db, options);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Branches number their migrations ahead of one another; each is independent of the ones it skips.
    allowUnorderedMigrations: true,
    // Keeps the bookkeeping in the schema worked in (tests run side by side in their own schemas).
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await (until ? migrator.migrateTo(until) : migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${cause}`);
  }
}
