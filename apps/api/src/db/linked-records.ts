import type { TaskEntity } from "@visadesk/contract/tasks";
import type { Executor } from "./schema";

/** The kinds of record a note or a task can be about (the same three for both). */
export type LinkedRecordKind = TaskEntity;

/**
 * Whether the record a note or a task is to be about exists: a consultant or an app user that is not
 * deleted, or an appointment (deleting one removes it).
 */
export async function linkedRecordExists(db: Executor, kind: LinkedRecordKind, guidId: string) {
  if (kind === "consultant") {
    const row = await db
      .selectFrom("consultants")
      .select("id")
      .where("guidId", "=", guidId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    return row !== undefined;
  }
  if (kind === "user") {
    const row = await db
      .selectFrom("users")
      .select("id")
      .where("guidId", "=", guidId)
      .where("role", "=", "AppUser")
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await db
    .selectFrom("appointments")
    .select("id")
    .where("guidId", "=", guidId)
    .executeTakeFirst();
  return row !== undefined;
}
