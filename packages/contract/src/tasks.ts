import { z } from "zod";
import { pageSchema, timestampSchema } from "./common";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "./common-constants";
import { TASK_ENTITIES, TASK_NOTES_MAX, TASK_TITLE_MAX, taskMessages } from "./tasks-constants";

export const taskEntitySchema = z.enum(TASK_ENTITIES, {
  error: () => "entity must be consultant, user or appointment",
});
export type TaskEntity = z.infer<typeof taskEntitySchema>;
/** A record kind or null (no record). The document lists null among the values, so a validator admits it. */
const nullableTaskEntitySchema = taskEntitySchema.nullable().meta({ enum: [...TASK_ENTITIES, null] });

const dateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, taskMessages.dueDateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), taskMessages.dueDateInvalid)
  .meta({ format: "date" });

/** A staff member: their guid, and their name (first and last, at most 100 each, else their userName). */
const personSchema = z.object({ guidId: z.string().max(36), name: z.string().max(201) });

export const taskSchema = z.object({
  id: z.string().max(36).describe("The task's guid"),
  title: z.string().max(TASK_TITLE_MAX),
  dueDate: z.string().max(10).meta({ format: "date", description: "Business-local date YYYY-MM-DD" }),
  notes: z.string().max(TASK_NOTES_MAX).nullable(),
  assignee: personSchema,
  createdBy: personSchema,
  link: z
    .object({ entity: taskEntitySchema, entityId: z.string().max(64) })
    .nullable()
    .describe("The record the task is about, by its guid"),
  done: z.boolean(),
  doneAt: timestampSchema.nullable(),
  overdue: z.boolean().describe("Open, and due before today (business time zone)"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const taskListQuerySchema = z.object({
  assignee: z.string().trim().max(64).optional().describe("An internal user's guid; default: the caller"),
  status: z.enum(["open", "done"]).optional(),
  entity: taskEntitySchema.optional(),
  entityId: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** A page of tasks (page and pageSize as asked), total the number that match. */
export const taskPageSchema = pageSchema(taskSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;
export const TASK_PAGE_SIZE = PAGE_SIZE;

const titleSchema = z
  .string({ error: () => taskMessages.titleRequired })
  .trim()
  .min(1, taskMessages.titleRequired)
  .max(TASK_TITLE_MAX, taskMessages.titleTooLong);
const notesSchema = z
  .string()
  .trim()
  .max(TASK_NOTES_MAX, taskMessages.notesTooLong)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const taskInputSchema = z
  .object({
    title: titleSchema,
    dueDate: dateSchema,
    notes: notesSchema,
    assignee: z.string().trim().max(64).optional().describe("An internal user's guid; default: the caller"),
    entity: nullableTaskEntitySchema.optional(),
    entityId: z.string().trim().max(64).nullable().optional(),
  })
  .refine((task) => !task.entity === !task.entityId, {
    message: taskMessages.linkIncomplete,
    path: ["entityId"],
  });
export type TaskInput = z.input<typeof taskInputSchema>;

/**
 * PUT: any of the fields; `done` true marks it done, false reopens it. Notes left out stay as they are
 * (null or "" clears them); `entity` and `entityId` together move the link, both null remove it.
 */
export const taskUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    dueDate: dateSchema.optional(),
    notes: z
      .string()
      .trim()
      .max(TASK_NOTES_MAX, taskMessages.notesTooLong)
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    assignee: z.string().trim().max(64).optional(),
    entity: nullableTaskEntitySchema.optional(),
    entityId: z.string().trim().max(64).nullable().optional(),
    done: z.boolean().optional(),
  })
  .refine((task) => !task.entity === !task.entityId, {
    message: taskMessages.linkIncomplete,
    path: ["entityId"],
  });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const taskIdParamsSchema = z.object({ id: z.string().max(64) });
