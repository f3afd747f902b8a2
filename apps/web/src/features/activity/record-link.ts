import type { AuditEntry } from "@visadesk/contract/audit";
import { paths } from "@/lib/paths";

/** The record a row leads to: the one a task was linked to, the one a note is on, else its own. */
function recordOf(entry: AuditEntry): { entity: string; entityId: string } | null {
  if (entry.about) return entry.about;
  if (entry.entity === "note") {
    const on = entry.changes.record;
    const record = on && on !== "changed" ? (on.to ?? on.from) : null;
    if (record && typeof record === "object" && "entity" in record && "entityId" in record) {
      return { entity: String(record.entity), entityId: String(record.entityId) };
    }
    return null;
  }
  return entry.entityId ? { entity: entry.entity, entityId: entry.entityId } : null;
}

/**
 * Where a row's record is seen. An account is an app user or an internal account, as the server says: an
 * internal account opens its read-only page, an app user its edit page. A task's or a note's row opens the record it is about.
 */
export function recordLink(entry: AuditEntry): string | null {
  const record = recordOf(entry);
  if (!record) return null;
  if (record.entity === "consultant") return paths.consultants.edit(record.entityId);
  if (record.entity === "appointment") return paths.appointments.list;
  if (record.entity === "user") {
    if (entry.account?.kind === "internal") return paths.internalUsers.view(record.entityId);
    if (entry.account?.kind === "app-user") return paths.appUsers.edit(record.entityId);
    // An account no longer known: nowhere to open.
    return null;
  }
  return null;
}
