import { AUDIT_CSV_COLUMNS, type AuditAccountKind, type AuditEntry } from "@visadesk/contract/audit";
import type * as repo from "./repository";

/** An audit row as the history shows it, and as a row of the CSV export. */
type AuditRow = Awaited<ReturnType<typeof repo.listAuditRows>>[number];
type AuditAboutEntity = NonNullable<AuditEntry["about"]>["entity"];

type Names = Pick<AuditEntry, "account" | "recordName" | "actorEmail"> & {
  actorKind: AuditAccountKind | null;
};
const NO_NAMES: Names = { account: null, recordName: null, actorEmail: null, actorKind: null };

export function entryOf(row: AuditRow, { actorKind, ...names }: Names = NO_NAMES): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actorGuidId ? { guidId: row.actorGuidId, name: row.actorName ?? "", kind: actorKind } : null,
    action: row.action as AuditEntry["action"],
    entity: row.entity as AuditEntry["entity"],
    entityId: row.entityId,
    about:
      row.aboutEntity && row.aboutEntityId
        ? { entity: row.aboutEntity as AuditAboutEntity, entityId: row.aboutEntityId }
        : null,
    subject: row.subject,
    ...names,
    changes: JSON.parse(row.changes) as AuditEntry["changes"],
    requestId: row.requestId,
    ip: row.ip,
  };
}

/** A spreadsheet runs a cell starting with one of these as a formula: such a cell gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralised = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

export function csvRecordOf(row: AuditRow) {
  const entry = entryOf(row);
  const cells: Record<(typeof AUDIT_CSV_COLUMNS)[number], string> = {
    id: entry.id,
    at: entry.at,
    actorGuidId: entry.actor?.guidId ?? "",
    actorName: entry.actor?.name ?? "",
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? "",
    aboutEntity: entry.about?.entity ?? "",
    aboutEntityId: entry.about?.entityId ?? "",
    subject: entry.subject ?? "",
    changes: JSON.stringify(entry.changes),
    requestId: entry.requestId ?? "",
    ip: entry.ip ?? "",
  };
  return AUDIT_CSV_COLUMNS.map((column) => neutralised(cells[column]));
}
