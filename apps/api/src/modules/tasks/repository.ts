import type { Insertable, Updateable } from "kysely";
import type { Executor, TasksTable } from "#api/db/schema";
import { seenBy } from "./visibility";

/** Tasks with their assignee and creator. */
export function selectTasks(db: Executor) {
  return db
    .selectFrom("tasks")
    .innerJoin("users as assignee", "assignee.id", "tasks.assigneeId")
    .innerJoin("users as creator", "creator.id", "tasks.createdById")
    .select([
      "tasks.id",
      "tasks.guidId",
      "tasks.title",
      "tasks.dueDate",
      "tasks.notes",
      "tasks.assigneeId",
      "tasks.createdById",
      "tasks.entity",
      "tasks.entityId",
      "tasks.isDone",
      "tasks.doneAt",
      "tasks.createdAt",
      "tasks.updatedAt",
      "assignee.guidId as assigneeGuidId",
      "assignee.userName as assigneeUserName",
      "assignee.firstName as assigneeFirstName",
      "assignee.lastName as assigneeLastName",
      "creator.guidId as creatorGuidId",
      "creator.userName as creatorUserName",
      "creator.firstName as creatorFirstName",
      "creator.lastName as creatorLastName",
    ]);
}
export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>["executeTakeFirstOrThrow"]>>;

export function findTask(db: Executor, guidId: string) {
  return selectTasks(db).where("tasks.guidId", "=", guidId).executeTakeFirst();
}

export interface TaskFilter {
  assigneeId?: number;
  isDone?: boolean;
  record?: { entity: string; entityId: string };
  /** Only the tasks this user may see (visibility.ts); unset for an Admin. */
  seenBy?: number;
}

/** The ids of the tasks that pass a filter. */
function filteredIds(db: Executor, filter: TaskFilter) {
  let ids = db.selectFrom("tasks").select("tasks.id");
  if (filter.seenBy !== undefined) ids = ids.where(seenBy(filter.seenBy));
  if (filter.assigneeId !== undefined) ids = ids.where("tasks.assigneeId", "=", filter.assigneeId);
  if (filter.isDone !== undefined) ids = ids.where("tasks.isDone", "=", filter.isDone);
  if (filter.record) {
    ids = ids
      .where("tasks.entity", "=", filter.record.entity)
      .where("tasks.entityId", "=", filter.record.entityId);
  }
  return ids;
}

/** One page of the tasks that pass a filter, open before done and the earliest due first, and their count. */
export async function pageOfTasks(
  db: Executor,
  filter: TaskFilter,
  window: { limit: number; offset: number },
) {
  const [{ count }, rows] = await Promise.all([
    db
      .selectFrom(filteredIds(db, filter).as("filtered"))
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
    selectTasks(db)
      // The page is read through the filtered subquery.
      .where("tasks.id", "in", () => filteredIds(db, filter))
      .orderBy("tasks.isDone", "asc")
      .orderBy("tasks.dueDate", "asc")
      .orderBy("tasks.id", "asc")
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { rows, total: Number(count) };
}

export function insertTask(db: Executor, task: Insertable<TasksTable>) {
  return db.insertInto("tasks").values(task).execute();
}

export function updateTask(db: Executor, id: number, change: Updateable<TasksTable>) {
  return db.updateTable("tasks").set(change).where("id", "=", id).execute();
}

export function deleteTask(db: Executor, id: number) {
  return db.deleteFrom("tasks").where("id", "=", id).execute();
}
