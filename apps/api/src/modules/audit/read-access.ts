import { type AuditEntity, type AuditFilter, auditMessages } from "@visadesk/contract/audit";
import type { Executor } from "#api/db/schema";
import { Forbidden } from "#api/lib/errors";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { mayReadTask } from "../tasks/visibility";
import { accountsByGuid } from "../users/queries";

/**
 * Staff may read one record's history, of a record they may see; the feed across records is the Admin's.
 * An internal account's history (its sign-ins, failed sign-ins and their addresses) is its own and the
 * Admins'; sessions, settings, files (who viewed a CNIC, from where) and exports are the Admins' only.
 */
export async function assertMayRead(db: Executor, user: AuthUser, filter: AuditFilter) {
  if (user.role === "Admin") return;
  const { entity, entityId } = filter;
  if (!entity || !entityId) throw new Forbidden(auditMessages.recordNeeded);
  if (!(await staffMayRead(db, user, entity, entityId))) throw new Forbidden(auditMessages.adminOnly);
}

async function staffMayRead(db: Executor, user: AuthUser, entity: AuditEntity, entityId: string) {
  switch (entity) {
    case "consultant":
    case "appointment":
    // A note is only ever on a consultant, an app user or an appointment (linkedRecordExists).
    case "note":
      return true;
    case "user": {
      if (entityId === user.guidId) return true;
      const [account] = await accountsByGuid(db, [entityId]);
      return account?.role === "AppUser";
    }
    case "task":
      return mayReadTask(db, user, entityId);
    default:
      return false;
  }
}
