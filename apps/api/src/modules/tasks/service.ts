import {
  type Task,
  type TaskEntity,
  type TaskListQuery,
  type TaskPage,
  taskInputSchema,
  taskMessages,
  taskUpdateSchema,
} from "@visadesk/contract/tasks";
import type { Kysely } from "kysely";
import type { Database } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { Forbidden, NotFound, parseOrThrow, ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { AuthUser } from "#api/plugins/auth";

const DEFAULT_PAGE_SIZE = 12;

/** The display name of an account: its full name, else its user name. */
export const personName = (row: { firstName: string | null; lastName: string | null; userName: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || row.userName;

/** An active internal user (Admin or Staff) by guid: the only kind of account a task may be assigned to. */
async function internalUserId(kysely: Kysely<Database>, guidId: string): Promise<number | undefined> {
  const row = await kysely
    .selectFrom("users")
    .select("id")
    .where("guidId", "=", guidId)
    .where("role", "in", ["Admin", "Staff"])
    .where("status", "=", "active")
    .where("deletedAt", "is", null)
    .where("suspendedAt", "is", null)
    .executeTakeFirst();
  return row?.id;
}

/** Whether the record a task is to be linked to exists (and is not deleted). */
async function recordExists(kysely: Kysely<Database>, entity: TaskEntity, guidId: string) {
  if (entity === "consultant") {
    const row = await kysely
      .selectFrom("consultants")
      .select("id")
      .where("guidId", "=", guidId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    return Boolean(row);
  }
  if (entity === "user") {
    const row = await kysely
      .selectFrom("users")
      .select("id")
      .where("guidId", "=", guidId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    return Boolean(row);
  }
  const row = await kysely
    .selectFrom("appointments")
    .select("id")
    .where("guidId", "=", guidId)
    .executeTakeFirst();
  return Boolean(row);
}

function selectTasks(kysely: Kysely<Database>) {
  return kysely
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
type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>["executeTakeFirstOrThrow"]>>;

function toTask(row: TaskRow, today: string): Task {
  const done = Boolean(row.isDone);
  return {
    id: row.guidId,
    title: row.title,
    dueDate: row.dueDate,
    notes: row.notes,
    assignee: {
      guidId: row.assigneeGuidId,
      name: personName({
        firstName: row.assigneeFirstName,
        lastName: row.assigneeLastName,
        userName: row.assigneeUserName,
      }),
    },
    createdBy: {
      guidId: row.creatorGuidId,
      name: personName({
        firstName: row.creatorFirstName,
        lastName: row.creatorLastName,
        userName: row.creatorUserName,
      }),
    },
    link: row.entity && row.entityId ? { entity: row.entity as TaskEntity, entityId: row.entityId } : null,
    done,
    doneAt: row.doneAt,
    overdue: !done && row.dueDate < today,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Tasks of the back office. Every internal user may read every task (one team's board); a task may be
 * changed or deleted by its creator, its assignee or an Admin.
 */
export function createTaskService(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const { kysely } = deps.db;
  const today = () => localDate(deps.clock.now(), deps.config.businessTimeZone);

  const findRow = async (guidId: string) => {
    const row = await selectTasks(kysely).where("tasks.guidId", "=", guidId).executeTakeFirst();
    if (!row) throw new NotFound();
    return row;
  };
  const mayChange = (user: AuthUser, row: TaskRow) =>
    user.role === "Admin" || row.assigneeId === user.id || row.createdById === user.id;

  const assigneeOf = async (user: AuthUser, guidId: string | undefined) => {
    if (!guidId || guidId === user.guidId) return user.id;
    const id = await internalUserId(kysely, guidId);
    if (id === undefined) throw new ValidationError({ assignee: taskMessages.assigneeUnknown });
    return id;
  };

  return {
    async list(user: AuthUser, query: TaskListQuery): Promise<TaskPage> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      if (!query.entity !== !query.entityId) {
        throw new ValidationError({ entityId: taskMessages.linkIncomplete });
      }
      // A record's tasks are everyone's; otherwise the caller's own unless another assignee is named.
      let assigneeId: number | undefined;
      if (query.assignee) {
        assigneeId = query.assignee === user.guidId ? user.id : await internalUserId(kysely, query.assignee);
        if (assigneeId === undefined) throw new ValidationError({ assignee: taskMessages.assigneeUnknown });
      } else if (!query.entity) {
        assigneeId = user.id;
      }
      let filtered = kysely.selectFrom("tasks");
      if (assigneeId !== undefined) filtered = filtered.where("tasks.assigneeId", "=", assigneeId);
      if (query.status) filtered = filtered.where("tasks.isDone", "=", query.status === "done");
      if (query.entity && query.entityId) {
        filtered = filtered
          .where("tasks.entity", "=", query.entity)
          .where("tasks.entityId", "=", query.entityId);
      }
      const [{ count }, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
        selectTasks(kysely)
          .where("tasks.id", "in", (eb) => {
            // The same filters, by id: the page is read through the filtered subquery.
            let ids = eb.selectFrom("tasks").select("tasks.id");
            if (assigneeId !== undefined) ids = ids.where("tasks.assigneeId", "=", assigneeId);
            if (query.status) ids = ids.where("tasks.isDone", "=", query.status === "done");
            if (query.entity && query.entityId) {
              ids = ids.where("tasks.entity", "=", query.entity).where("tasks.entityId", "=", query.entityId);
            }
            return ids;
          })
          // Open before done; among them the earliest due first, so overdue ones lead.
          .orderBy("tasks.isDone", "asc")
          .orderBy("tasks.dueDate", "asc")
          .orderBy("tasks.id", "asc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      const day = today();
      return { data: rows.map((row) => toTask(row, day)), total: Number(count), page, pageSize };
    },

    async create(user: AuthUser, body: unknown): Promise<Task> {
      const input = parseOrThrow(taskInputSchema, body);
      const assigneeId = await assigneeOf(user, input.assignee);
      if (input.entity && input.entityId && !(await recordExists(kysely, input.entity, input.entityId))) {
        throw new ValidationError({ entityId: taskMessages.linkUnknown });
      }
      const now = deps.clock.now().toISOString();
      const guidId = newGuid();
      await kysely
        .insertInto("tasks")
        .values({
          guidId,
          title: input.title,
          dueDate: input.dueDate,
          notes: input.notes,
          assigneeId,
          createdById: user.id,
          entity: input.entity ?? null,
          entityId: input.entityId ?? null,
          isDone: false,
          doneAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return toTask(await findRow(guidId), today());
    },

    async update(user: AuthUser, guidId: string, body: unknown): Promise<Task> {
      const input = parseOrThrow(taskUpdateSchema, body);
      const row = await findRow(guidId);
      if (!mayChange(user, row)) throw new Forbidden(taskMessages.notYours);
      const now = deps.clock.now().toISOString();
      const assigneeId = input.assignee === undefined ? undefined : await assigneeOf(user, input.assignee);
      await kysely
        .updateTable("tasks")
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          ...(assigneeId !== undefined ? { assigneeId } : {}),
          ...(input.done !== undefined
            ? { isDone: input.done, doneAt: input.done ? (row.doneAt ?? now) : null }
            : {}),
          updatedAt: now,
        })
        .where("id", "=", row.id)
        .execute();
      return toTask(await findRow(guidId), today());
    },

    async remove(user: AuthUser, guidId: string): Promise<void> {
      const row = await findRow(guidId);
      if (!mayChange(user, row)) throw new Forbidden(taskMessages.notYours);
      await kysely.deleteFrom("tasks").where("id", "=", row.id).execute();
    },
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
