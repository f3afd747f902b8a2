import { type Migration, Migrator } from "kysely";
import type { Db } from "./database";
import { initialMigration } from "./migrations/001-initial";
import { consultantRevisionMigration } from "./migrations/002-consultant-revision";
import { signInFailuresMigration } from "./migrations/003-sign-in-failures";
import { sessionIdleMigration } from "./migrations/004-session-idle";
import { imageThumbnailsMigration } from "./migrations/005-image-thumbnails";
import { accountControlMigration } from "./migrations/006-account-control";
import { rowCountsMigration } from "./migrations/007-row-counts";
import { mfaMigration } from "./migrations/008-mfa";
import { recordVersionsMigration } from "./migrations/009-record-versions";
import { type SchedulingMigrationOptions, schedulingMigration } from "./migrations/010-scheduling";
import { appointmentCancellationReasonMigration } from "./migrations/011-appointment-cancellation-reason";
import { appointmentRemindersMigration } from "./migrations/012-appointment-reminders";
import { listSortingMigration } from "./migrations/013-list-sorting";
import { auditLogMigration } from "./migrations/015-audit-log";
import { notesMigration } from "./migrations/016-notes";
import { tasksAndNotificationsMigration } from "./migrations/017-tasks-and-notifications";
import { appointmentSortingMigration } from "./migrations/018-appointment-sorting";
import { consultantCountriesMigration } from "./migrations/019-consultant-countries";
import { auditAboutMigration } from "./migrations/020-audit-about";
import { changeNoticesMigration } from "./migrations/021-change-notices";
import { sessionReauthenticationMigration } from "./migrations/022-session-reauthentication";
import { searchInStepMigration } from "./migrations/023-search-in-step";
import { customerAccountsMigration } from "./migrations/024-customer-accounts";
import { bookedByCustomerMigration } from "./migrations/025-booked-by-customer";
import { directorySearchMigration } from "./migrations/026-directory-search";

/**
 * Applies every pending migration (or those up to and including `until`, for tests of what a later one
 * repairs); a failure stops the start-up loudly.
 */
export async function migrate(
  db: Db,
  options: SchedulingMigrationOptions = { businessTimeZone: "UTC", slotMinutes: 30 },
  until?: string,
): Promise<void> {
  const migrations: Record<string, Migration> = {
    "001-initial": initialMigration(db.dialect),
    "002-consultant-revision": consultantRevisionMigration(db.dialect),
    "003-sign-in-failures": signInFailuresMigration(db.dialect),
    "004-session-idle": sessionIdleMigration(db.dialect),
    "005-image-thumbnails": imageThumbnailsMigration(db.dialect),
    "006-account-control": accountControlMigration(db.dialect),
    "007-row-counts": rowCountsMigration(db.dialect),
    // 009 landed before 008: a database that ran 009 first must still accept 008 later.
    "008-mfa": mfaMigration(db.dialect),
    "009-record-versions": recordVersionsMigration(db.dialect),
    "010-scheduling": schedulingMigration(db.dialect, options),
    "011-appointment-cancellation-reason": appointmentCancellationReasonMigration(db.dialect),
    "012-appointment-reminders": appointmentRemindersMigration(db.dialect),
    "013-list-sorting": listSortingMigration(db.dialect),
    "015-audit-log": auditLogMigration(db.dialect),
    "016-notes": notesMigration(db.dialect),
    "017-tasks-and-notifications": tasksAndNotificationsMigration(db.dialect),
    "018-appointment-sorting": appointmentSortingMigration(db.dialect),
    "019-consultant-countries": consultantCountriesMigration(db.dialect),
    "020-audit-about": auditAboutMigration(),
    "021-change-notices": changeNoticesMigration(db.dialect),
    "022-session-reauthentication": sessionReauthenticationMigration(db.dialect),
    "023-search-in-step": searchInStepMigration(db.dialect),
    "024-customer-accounts": customerAccountsMigration(db.dialect),
    "025-booked-by-customer": bookedByCustomerMigration(db.dialect),
    "026-directory-search": directorySearchMigration(db.dialect),
  };
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
