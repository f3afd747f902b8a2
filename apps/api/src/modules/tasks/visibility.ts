import type { ExpressionBuilder } from "kysely";
import type { Database, Executor } from "#api/db/schema";
import { historyAboutARecordOrBy } from "../audit/queries";

/** Who is asking: enough of the signed-in user to decide which tasks they may see. */
export interface TaskReader {
  id: number;
  guidId: string;
  role: string;
}

/**
 * Which tasks a user who is not an Admin may see (an Admin sees every task): their own, assigned to them or
 * created by them, and the tasks about a record (a consultant, an app user or an appointment, which every
 * back-office user may read). A task about nothing is private to its assignee and its creator.
 */
export const seenBy = (userId: number) => (eb: ExpressionBuilder<Database, "tasks">) =>
  eb.or([
    eb("tasks.assigneeId", "=", userId),
    eb("tasks.createdById", "=", userId),
    eb("tasks.entity", "is not", null),
  ]);

/** Whether the user may see this task row (the same rule as seenBy). */
export const maySeeTask = (
  reader: TaskReader,
  task: { assigneeId: number; createdById: number; entity: string | null },
) =>
  reader.role === "Admin" ||
  task.assigneeId === reader.id ||
  task.createdById === reader.id ||
  task.entity !== null;

/**
 * Whether the user may read a task's history. A deleted task is judged by its rows: readable when one of
 * them was about a record (that record's history shows it anyway) or was written by the caller.
 */
export async function mayReadTask(db: Executor, reader: TaskReader, guidId: string): Promise<boolean> {
  if (reader.role === "Admin") return true;
  const task = await db
    .selectFrom("tasks")
    .select(["assigneeId", "createdById", "entity"])
    .where("guidId", "=", guidId)
    .executeTakeFirst();
  if (task) return maySeeTask(reader, task);
  return historyAboutARecordOrBy(db, "task", guidId, reader.guidId);
}
