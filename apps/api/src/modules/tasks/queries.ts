import type { Executor } from "#api/db/schema";

/* What other modules may read of the tasks without their service: the bell's open tasks. */

/** Open tasks of an assignee that someone else gave them or that are due on `today`, newest first. */
export function openTasksToTell(db: Executor, assigneeId: number, today: string, limit: number) {
  return db
    .selectFrom("tasks")
    .innerJoin("users as creator", "creator.id", "tasks.createdById")
    .select([
      "tasks.guidId",
      "tasks.title",
      "tasks.dueDate",
      "tasks.createdById",
      "tasks.createdAt",
      "tasks.entity",
      "tasks.entityId",
      "creator.userName",
      "creator.firstName",
      "creator.lastName",
    ])
    .where("tasks.assigneeId", "=", assigneeId)
    .where("tasks.isDone", "=", false)
    .where((eb) => eb.or([eb("tasks.createdById", "<>", assigneeId), eb("tasks.dueDate", "=", today)]))
    .orderBy("tasks.createdAt", "desc")
    .limit(limit)
    .execute();
}
