import type { AuditAccountKind, AuditEntry } from "@visadesk/contract/audit";
import type { Executor } from "#api/db/schema";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { appointmentsByGuid } from "../appointments/queries";
import { consultantsByGuid } from "../consultants/queries";
import { accountsByGuid } from "../users/queries";
import type * as repo from "./repository";

type AuditRow = Awaited<ReturnType<typeof repo.listAuditRows>>[number];
type Account = Awaited<ReturnType<typeof accountsByGuid>>[number];

/** The record a row leads to: the one its task was linked to, the one its note is on, else its own. */
export function recordOf(row: AuditRow): { entity: string; entityId: string } | null {
  if (row.aboutEntity && row.aboutEntityId) return { entity: row.aboutEntity, entityId: row.aboutEntityId };
  if (row.entity === "note") {
    const on = (JSON.parse(row.changes) as Record<string, { from?: unknown; to?: unknown } | string>).record;
    const record = on && typeof on === "object" ? (on.to ?? on.from) : null;
    if (record && typeof record === "object" && "entity" in record && "entityId" in record) {
      return { entity: String(record.entity), entityId: String(record.entityId) };
    }
    return null;
  }
  return row.entityId ? { entity: row.entity, entityId: row.entityId } : null;
}

const fullName = (account: Pick<Account, "firstName" | "lastName">) =>
  [account.firstName, account.lastName].filter(Boolean).join(" ").trim();

/** An app user (a customer) or an internal account (Admin or Staff), by its role now. */
const kindOf = (account: Account): AuditAccountKind => (account.role === "AppUser" ? "app-user" : "internal");

/** "Ali Khan (ali@example.com)", or the user name when no name was given. */
const accountName = (account: Account) => `${fullName(account) || account.userName} (${account.email})`;

/**
 * Whether the reader may see this account's name: an Admin any; Staff their own and app users' (the
 * histories assertMayRead lets them read), never another internal account's.
 */
const mayName = (reader: AuthUser, account: Account) =>
  reader.role === "Admin" || account.role === "AppUser" || account.guidId === reader.guidId;

/**
 * Each row's account (the user it leads to), the name of the record it leads to and its actor's email, from
 * its page's records read in one query per kind.
 */
export async function withNames(db: Executor, reader: AuthUser, rows: AuditRow[]) {
  const records = rows.map(recordOf);
  const guidsOf = (kind: string) => [
    ...new Set(records.filter((record) => record?.entity === kind).map((record) => record?.entityId ?? "")),
  ];
  const actors = rows.map((row) => row.actorGuidId).filter((guidId): guidId is string => Boolean(guidId));
  const [accounts, consultants, appointments] = await Promise.all([
    accountsByGuid(db, [...new Set([...guidsOf("user"), ...actors])]),
    consultantsByGuid(db, guidsOf("consultant")),
    appointmentsByGuid(db, guidsOf("appointment")),
  ]);
  const account = new Map(accounts.map((row) => [row.guidId, row]));
  const consultant = new Map(consultants.map((row) => [row.guidId, row]));
  const appointment = new Map(appointments.map((row) => [row.guidId, row]));

  const nameOf = (row: AuditRow, record: { entity: string; entityId: string } | null): string | null => {
    if (!record) return row.entity === "task" ? row.subject : null;
    if (record.entity === "consultant") {
      const found = consultant.get(record.entityId);
      if (!found) return null;
      return found.businessName && found.businessName !== found.name
        ? `${found.name} (${found.businessName})`
        : found.name;
    }
    if (record.entity === "user") {
      const found = account.get(record.entityId);
      return found && mayName(reader, found) ? accountName(found) : null;
    }
    if (record.entity === "appointment") {
      const found = appointment.get(record.entityId);
      if (!found) return null;
      const when = `${found.appointmentDate} ${found.appointmentTime.slice(0, 5)}`;
      return found.consultantName ? `${found.consultantName}, ${when}` : when;
    }
    return null;
  };

  return rows.map((row, index) => {
    const record = records[index] ?? null;
    const user = record?.entity === "user" ? account.get(record.entityId) : undefined;
    const actor = row.actorGuidId ? account.get(row.actorGuidId) : undefined;
    return {
      account: user ? { kind: kindOf(user), email: user.email } : null,
      recordName: nameOf(row, record),
      actorEmail: actor && mayName(reader, actor) ? actor.email : null,
      actorKind: actor ? kindOf(actor) : null,
    } satisfies Pick<AuditEntry, "account" | "recordName" | "actorEmail"> & {
      actorKind: AuditAccountKind | null;
    };
  });
}
