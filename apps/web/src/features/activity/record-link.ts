import type { AuditEntry } from "@visadesk/contract/audit";
import { paths } from "@/lib/paths";

/** The internal accounts known to the screen, by guid: what to search the Internal Users list for. */
export type InternalAccounts = ReadonlyMap<string, string>;

/**
 * Where a row's record is seen. "user" rows are about app users and internal accounts alike: an internal
 * account (one of those known, or the row's own actor, as in a sign-in) has no page of its own, so it
 * opens the Internal Users list narrowed to it; an app user opens its edit page. A note opens the record
 * it is on.
 */
export function recordLink(entry: AuditEntry, internal: InternalAccounts): string | null {
  if (entry.entity === "note") {
    const on = entry.changes.record;
    const record = on && on !== "changed" ? (on.to ?? on.from) : null;
    if (record && typeof record === "object" && "entity" in record && "entityId" in record) {
      return recordLink(
        { ...entry, entity: record.entity as AuditEntry["entity"], entityId: String(record.entityId) },
        internal,
      );
    }
    return null;
  }
  if (!entry.entityId) return null;
  if (entry.entity === "consultant") return paths.consultants.edit(entry.entityId);
  if (entry.entity === "user") {
    const known = internal.get(entry.entityId);
    if (known) return paths.internalUsers.search(known);
    if (entry.actor?.guidId === entry.entityId) return paths.internalUsers.search(entry.actor.name);
    return paths.appUsers.edit(entry.entityId);
  }
  if (entry.entity === "appointment") return paths.appointments.list;
  return null;
}
