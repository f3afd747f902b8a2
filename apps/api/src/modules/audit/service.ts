import { requestContext } from "@fastify/request-context";
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_SECRET_CHANGED,
  type AuditAction,
  type AuditEntity,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
  auditCursorOf,
} from "@visadesk/contract/audit";
import { stringify } from "csv-stringify";
import type { Db } from "#api/db/database";
import type { LinkedRecordKind } from "#api/db/linked-records";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { csvRecordOf, entryOf } from "./audit-entries";
import { assertMayRead } from "./read-access";
import { withNames } from "./record-names";
import * as repo from "./repository";

/** Who did it and through which request: what every audited service call needs besides its own input. */
export interface AuditContext {
  actor: AuditActor | null;
  requestId: string | null;
  ip: string | null;
}
export interface AuditActor {
  guidId: string;
  name: string;
}

/** One field's change as stored: its value before and after, or only "changed" for a secret. */
export type AuditChange = { from: unknown; to: unknown } | typeof AUDIT_SECRET_CHANGED;
export type AuditChanges = Record<string, AuditChange>;

/** The actor an account is recorded as: its full name, else its user name. */
export function actorOf(account: {
  guidId: string;
  userName: string;
  firstName: string | null;
  lastName: string | null;
}): AuditActor {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ").trim();
  return { guidId: account.guidId, name: name || account.userName };
}

/**
 * The audit context of a request's signed-in back-office user or customer (or of nobody), as routes hand it
 * to services.
 */
export function auditContextOf(request: {
  user: AuthUser | null;
  customer?: Parameters<typeof actorOf>[0] | null;
  id: string;
  ip: string;
}): AuditContext {
  const signedIn = request.user ?? request.customer;
  return { actor: signedIn ? actorOf(signedIn) : null, requestId: request.id, ip: request.ip };
}

declare module "@fastify/request-context" {
  interface RequestContextData {
    /** The audit context of the request being served, read when an event is recorded (after sign-in). */
    audit: () => AuditContext;
  }
}

/** The request's audit context, for app.ts to keep per request. */
export const requestAuditContext = (request: Parameters<typeof auditContextOf>[0]) => ({
  audit: () => auditContextOf(request),
});

/**
 * Who is acting now: the signed-in user of the request being served, with its id and address; nobody
 * outside a request (the reminder worker). Services record with it without threading it through.
 */
export function currentAuditContext(): AuditContext {
  return requestContext.get("audit")?.() ?? { actor: null, requestId: null, ip: null };
}

/**
 * Fields whose value never goes into the history: passwords, hashes, tokens, secrets and file bytes. A
 * change to one is recorded as "changed", under the field's plain name (passwordHash -> password).
 */
const SECRET_FIELD = /password|hash|token|secret|recovery|challenge|publickey|content|thumbnail|bytes/i;
const plainName = (field: string) => field.replace(/Hash$/, "");

function isSecret(field: string, value: unknown) {
  return SECRET_FIELD.test(field) || Buffer.isBuffer(value) || value instanceof Uint8Array;
}

/** Values compare by their JSON text, so dates, arrays and small objects compare by content. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changes between two states of a record, over the named fields only: unchanged fields are left out,
 * secrets are recorded as "changed". `before` is null for a creation, `after` null for a deletion.
 */
export function changesBetween<T extends object>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: ReadonlyArray<keyof T & string>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (same(from, to)) continue;
    if (isSecret(field, from) || isSecret(field, to)) changes[plainName(field)] = AUDIT_SECRET_CHANGED;
    else changes[field] = { from, to };
  }
  return changes;
}

/** A last guard on whatever a caller hands recordAudit: no secret value reaches the table. */
function redacted(changes: AuditChanges): AuditChanges {
  const safe: AuditChanges = {};
  for (const [field, change] of Object.entries(changes)) {
    const secret =
      change !== AUDIT_SECRET_CHANGED && (isSecret(field, change.from) || isSecret(field, change.to));
    safe[secret ? plainName(field) : field] = secret ? AUDIT_SECRET_CHANGED : change;
  }
  return safe;
}

export interface AuditEvent {
  context: AuditContext;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** The record the row's own record is linked to now (a task's record): its history shows the row too. */
  about?: { entity: LinkedRecordKind; entityId: string } | null;
  /** What the row's own record is called now (a task's title), to name it without listing it as a change. */
  subject?: string | null;
  changes?: AuditChanges;
  at: Date;
}

/**
 * Writes one audit row. Pass the transaction of the change it records: the row then commits with the
 * change or not at all (a refused or failed change leaves none, no change commits without its row).
 */
export function recordAudit(trx: Executor, event: AuditEvent): Promise<unknown> {
  return repo.insertAuditRow(trx, {
    at: event.at.toISOString(),
    actorGuidId: event.context.actor?.guidId ?? null,
    actorName: event.context.actor?.name ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    aboutEntity: event.about?.entity ?? null,
    aboutEntityId: event.about?.entityId ?? null,
    subject: event.subject ?? null,
    changes: JSON.stringify(redacted(event.changes ?? {})),
    requestId: event.context.requestId,
    ip: event.context.ip,
  });
}

/** Records an event of whoever is acting now (currentAuditContext), in the transaction of the change. */
export function recordChange(
  trx: Executor,
  event: Omit<AuditEvent, "context"> & { context?: AuditContext },
): Promise<unknown> {
  return recordAudit(trx, { ...event, context: event.context ?? currentAuditContext() });
}

/**
 * A list's CSV export, by whoever is acting now: one row for the list (no record id), with the query it
 * was asked with, written before a row goes out.
 */
export function recordExport(db: Executor, entity: AuditEntity, query: object, at: Date) {
  return recordChange(db, {
    action: "export",
    entity,
    entityId: null,
    changes: { filter: { from: null, to: query } },
    at,
  });
}

export function createAuditService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  return {
    async list(user: AuthUser, query: AuditQuery): Promise<AuditPage> {
      const { cursor, pageSize, ...filter } = query;
      await assertMayRead(db.kysely, user, filter);
      const [rows, searchLimited] = await Promise.all([
        repo.listAuditRows(db.kysely, filter, cursor, pageSize),
        filter.search ? repo.searchWindowFull(db.kysely, filter) : undefined,
      ]);
      const shown = rows.slice(0, pageSize);
      const names = await withNames(db.kysely, user, shown);
      const data = shown.map((row, index) => entryOf(row, names[index]));
      const last = data.at(-1);
      return {
        data,
        nextCursor: rows.length > pageSize && last ? auditCursorOf(last) : null,
        ...(searchLimited === undefined ? {} : { searchLimited }),
      };
    },

    /**
     * The CSV export (Admin only, by its route): a UTF-8 byte order mark so spreadsheets read the text
     * right, a header row, then every matching row newest first, streamed a batch at a time.
     */
    async exportCsv(filter: AuditFilter, context: AuditContext): Promise<NodeJS.ReadableStream> {
      // The export is itself audited, with the filters it was asked for, before a row goes out.
      await recordAudit(db.kysely, {
        context,
        action: "export",
        entity: "audit",
        entityId: null,
        changes: { filter: { from: null, to: filter } },
        at: deps.clock.now(),
      });
      const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], bom: true });
      (async () => {
        for await (const rows of repo.auditRowsInBatches(db.kysely, filter)) {
          for (const row of rows) {
            // Waits while the client reads slower than the database answers.
            if (!csv.write(csvRecordOf(row))) await new Promise((resolve) => csv.once("drain", resolve));
          }
        }
        csv.end();
      })().catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
      return csv;
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
