// What the browser needs of tasks without their schemas (and so without zod): limits, texts, record kinds.
export const TASK_TITLE_MAX = 200;
export const TASK_NOTES_MAX = 2000;

export const taskMessages = {
  titleRequired: "Task is required",
  titleTooLong: `A task's title may have at most ${TASK_TITLE_MAX} characters`,
  notesTooLong: `Notes may have at most ${TASK_NOTES_MAX.toLocaleString("en-US")} characters`,
  dueDateInvalid: "Give the due date as YYYY-MM-DD",
  assigneeUnknown: "The assignee must be an active internal user",
  linkUnknown: "No such record to link the task to",
  linkIncomplete: "Give both entity and entityId to link a task to a record",
  notYours: "Only the task's creator, its assignee or an Admin may change or delete it",
  added: "Task added",
  saved: "Task saved",
  deleted: "Task deleted",
  deleteFailed: "The task could not be deleted",
  updateFailed: "The task could not be updated",
  saveFailed: "The task could not be saved",
} as const;

/** The kinds of record a task (and a notification) can be about. */
export const TASK_ENTITIES = ["consultant", "user", "appointment"] as const;
