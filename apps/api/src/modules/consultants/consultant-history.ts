import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import { CONSULTANT_FIELD_DECLARATIONS } from "@visadesk/contract/consultant-fields-constants";
import { WEEKDAYS } from "@visadesk/contract/consultants-constants";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { type AuditChanges, changesBetween, recordChange } from "../audit/service";
import * as repo from "./repository";
import type * as records from "./timing-address-repository";

/** The consultant's fields its history records (those the contract declares audited). */
const AUDITED_FIELDS = repo.CONSULTANT_FIELDS.filter((field) => CONSULTANT_FIELD_DECLARATIONS[field].audited);

/**
 * The changes of the consultant's audited fields between two states (null before a creation): a field
 * declared secret is recorded only as "changed".
 */
export function fieldChanges(
  before: repo.ConsultantRecord | null,
  after: repo.ConsultantRecord | null,
): AuditChanges {
  const changes = changesBetween(before, after, AUDITED_FIELDS);
  for (const field of AUDITED_FIELDS) {
    if (CONSULTANT_FIELD_DECLARATIONS[field].secret && field in changes)
      changes[field] = AUDIT_SECRET_CHANGED;
  }
  return changes;
}

/** A new image is recorded as "changed": its path says nothing to a reader, its bytes never go in. */
export function imageChanges(paths: { logoUrl?: string; profilePic?: string }): AuditChanges {
  return {
    ...(paths.logoUrl ? { logoURL: "changed" as const } : {}),
    ...(paths.profilePic ? { profilePic: "changed" as const } : {}),
  };
}

/** A timing's days as history fields ("monday" -> "hours.monday"); null before a creation, after a deletion. */
export function timingChanges(
  before: records.TimingRecord | null,
  after: records.TimingRecord | null,
): AuditChanges {
  const hours = (row: records.TimingRecord | null) =>
    row && Object.fromEntries(WEEKDAYS.map((day) => [`hours.${day}`, row[day] || null]));
  return changesBetween(
    hours(before),
    hours(after),
    WEEKDAYS.map((day) => `hours.${day}`),
  );
}

/** An office address as one line of the history; null before a creation, after a deletion. */
export function addressChanges(
  before: records.AddressRecord | null,
  after: records.AddressRecord | null,
): AuditChanges {
  const line = (row: records.AddressRecord | null) =>
    row && {
      officeAddress: [row.address, row.city, row.state, row.zipCode, row.country].filter(Boolean).join(", "),
    };
  return changesBetween(line(before), line(after), ["officeAddress"]);
}

/**
 * A change to a consultant's hours or office addresses is a change of the consultant: it goes into the
 * consultant's history, in the transaction of the change (nothing when nothing changed).
 */
export async function recordOnConsultant(
  { clock }: Pick<AppDeps, "clock">,
  trx: Executor,
  consultant: repo.ConsultantRecord,
  changes: AuditChanges,
) {
  if (Object.keys(changes).length === 0) return;
  await recordChange(trx, {
    action: "update",
    entity: "consultant",
    entityId: consultant.guidId,
    changes,
    at: clock.now(),
  });
}
