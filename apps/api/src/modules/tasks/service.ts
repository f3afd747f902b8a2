import {
  type Task,
  type TaskEntity,
  type TaskListQuery,
  type TaskPage,
  taskInputSchema,
  taskUpdateSchema,
} from "@visadesk/contract/tasks";
import { taskMessages } from "@visadesk/contract/tasks-constants";
import { linkedRecordExists } from "#api/db/linked-records";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { Forbidden, NotFound, parseOrThrow, ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { pageWindow } from "#api/lib/lists";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { type AuditChanges, changesBetween, recordChange } from "../audit/service";
import { internalUserId } from "../users/queries";
import { deleteTask, findTask, insertTask, pageOfTasks, type TaskRow, updateTask } from "./repository";
import { maySeeTask } from "./visibility";

/** The display name of an account: its full name, else its user name. */
export const personName = (row: { firstName: string | null; lastName: string | null; userName: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || row.userName;

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

/** What a task's history row records of it: the fields a person sees, the assignee by name. */
const AUDITED_FIELDS = ["title", "dueDate", "notes", "assignee", "record"] as const;
type AuditedTask = Record<(typeof AUDITED_FIELDS)[number], unknown>;
const auditedOf = (task: Task): AuditedTask => ({
  title: task.title,
  dueDate: task.dueDate,
  notes: task.notes,
  assignee: task.assignee.name,
  record: task.link,
});

/**
 * A task's change is a row of the task, listing only what changed (a creation what was set, a deletion what
 * was removed). The row also names the record the task is linked to (after the change; before it, for a
 * deletion or an unlinking), so that record's history shows it even once the task is deleted or moved, and
 * the task's title, so a line can say which task without listing an unchanged title as a change.
 */
function recordTaskChange(
  trx: Executor,
  action: "task-create" | "task-update" | "task-complete" | "task-reopen" | "task-delete",
  before: Task | null,
  after: Task | null,
  at: Date,
) {
  const task = (after ?? before)!;
  const changes: AuditChanges = changesBetween<AuditedTask>(
    before && auditedOf(before),
    after && auditedOf(after),
    AUDITED_FIELDS,
  );
  // A save that changed nothing is no event.
  if (action === "task-update" && Object.keys(changes).length === 0) return Promise.resolve();
  return recordChange(trx, {
    action,
    entity: "task",
    entityId: task.id,
    about: after?.link ?? before?.link ?? null,
    subject: task.title,
    changes,
    at,
  });
}

/**
 * Tasks of the back office. An Admin sees every task; anyone else their own and the tasks about a record
 * (visibility.ts), and a task they may not see is answered as missing on every path. A task may be changed
 * or deleted by its creator, its assignee or an Admin.
 */
export function createTaskService(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const { kysely } = deps.db;
  const today = () => localDate(deps.clock.now(), deps.config.businessTimeZone);

  const findRow = async (db: Executor, guidId: string) => {
    const row = await findTask(db, guidId);
    if (!row) throw new NotFound();
    return row;
  };
  /** The task, if the user may see it: one they may not is answered as missing, so its existence is not told. */
  const findSeen = async (user: AuthUser, guidId: string) => {
    const row = await findRow(kysely, guidId);
    if (!maySeeTask(user, row)) throw new NotFound();
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
      const { limit, offset } = pageWindow(query);
      if (!query.entity !== !query.entityId) {
        throw new ValidationError({ entityId: taskMessages.linkIncomplete });
      }
      // A record's tasks, or the caller's own unless another assignee is named; either way only the tasks
      // the caller may see.
      let assigneeId: number | undefined;
      if (query.assignee) {
        assigneeId = query.assignee === user.guidId ? user.id : await internalUserId(kysely, query.assignee);
        if (assigneeId === undefined) throw new ValidationError({ assignee: taskMessages.assigneeUnknown });
      } else if (!query.entity) {
        assigneeId = user.id;
      }
      const { rows, total } = await pageOfTasks(
        kysely,
        {
          assigneeId,
          seenBy: user.role === "Admin" ? undefined : user.id,
          isDone: query.status ? query.status === "done" : undefined,
          record:
            query.entity && query.entityId ? { entity: query.entity, entityId: query.entityId } : undefined,
        },
        { limit, offset },
      );
      const day = today();
      return { data: rows.map((row) => toTask(row, day)), total };
    },

    async create(user: AuthUser, body: unknown): Promise<Task> {
      const input = parseOrThrow(taskInputSchema, body);
      const assigneeId = await assigneeOf(user, input.assignee);
      if (
        input.entity &&
        input.entityId &&
        !(await linkedRecordExists(kysely, input.entity, input.entityId))
      ) {
        throw new ValidationError({ entityId: taskMessages.linkUnknown });
      }
      const at = deps.clock.now();
      const now = at.toISOString();
      const guidId = newGuid();
      return kysely.transaction().execute(async (trx) => {
        await insertTask(trx, {
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
        });
        const created = toTask(await findRow(trx, guidId), today());
        await recordTaskChange(trx, "task-create", null, created, at);
        return created;
      });
    },

    async update(user: AuthUser, guidId: string, body: unknown): Promise<Task> {
      const input = parseOrThrow(taskUpdateSchema, body);
      const row = await findSeen(user, guidId);
      if (!mayChange(user, row)) throw new Forbidden(taskMessages.notYours);
      const assigneeId = input.assignee === undefined ? undefined : await assigneeOf(user, input.assignee);
      const relink = input.entity !== undefined || input.entityId !== undefined;
      const link =
        relink && input.entity && input.entityId ? { entity: input.entity, entityId: input.entityId } : null;
      if (link && !(await linkedRecordExists(kysely, link.entity, link.entityId))) {
        throw new ValidationError({ entityId: taskMessages.linkUnknown });
      }
      const at = deps.clock.now();
      const now = at.toISOString();
      return kysely.transaction().execute(async (trx) => {
        const before = toTask(await findRow(trx, guidId), today());
        await updateTask(trx, row.id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          ...(assigneeId !== undefined ? { assigneeId } : {}),
          ...(relink ? { entity: link?.entity ?? null, entityId: link?.entityId ?? null } : {}),
          ...(input.done !== undefined
            ? { isDone: input.done, doneAt: input.done ? (before.doneAt ?? now) : null }
            : {}),
          updatedAt: now,
        });
        const after = toTask(await findRow(trx, guidId), today());
        const action =
          after.done === before.done ? "task-update" : after.done ? "task-complete" : "task-reopen";
        await recordTaskChange(trx, action, before, after, at);
        return after;
      });
    },

    async remove(user: AuthUser, guidId: string): Promise<void> {
      const row = await findSeen(user, guidId);
      if (!mayChange(user, row)) throw new Forbidden(taskMessages.notYours);
      const at = deps.clock.now();
      await kysely.transaction().execute(async (trx) => {
        const before = toTask(await findRow(trx, guidId), today());
        await deleteTask(trx, row.id);
        await recordTaskChange(trx, "task-delete", before, null, at);
      });
    },
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
