import type { Executor } from "#api/db/schema";

/*
 * What other modules may read of the history (the audit log) without a service: the live feed's polling,
 * the tasks' reading rule and a rejected CNIC's reason. Each is the one query the caller ran before.
 */

/** The id of the newest history row (0 with none). */
export async function newestAuditId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("auditLog")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Up to `limit` rows after the given id, oldest first: which record each changed, how (its action), and the
 * fields it changed (the `changes` JSON, for the customers' live streams).
 */
export function auditEntitiesAfter(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom("auditLog")
    .select(["id", "entity", "entityId", "action", "aboutEntity", "changes"])
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Whether a record's history holds a row about another record, or one written by the given actor. */
export async function historyAboutARecordOrBy(
  db: Executor,
  entity: string,
  entityId: string,
  actorGuidId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("auditLog")
    .select("id")
    .where("entity", "=", entity)
    .where("entityId", "=", entityId)
    .where((eb) => eb.or([eb("aboutEntity", "is not", null), eb("actorGuidId", "=", actorGuidId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the newest history row of one action on one record changed (its `changes` JSON), or undefined. */
export async function latestChangesOf(
  db: Executor,
  record: { entity: string; entityId: string; action: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom("auditLog")
    .select("changes")
    .where("entity", "=", record.entity)
    .where("entityId", "=", record.entityId)
    .where("action", "=", record.action)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.changes ?? undefined;
}
