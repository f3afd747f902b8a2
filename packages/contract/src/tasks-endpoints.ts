import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";
import {
  taskIdParamsSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskSchema,
  taskUpdateSchema,
} from "./tasks";

const tags = ["tasks"];
const RULE = "Only the task's creator, its assignee or an Admin may change or delete it (403 otherwise).";

/** The back office's to-dos. */
export const taskEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v2/tasks",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Tasks, open ones first by due date (overdue first); the caller's own by default",
    description:
      "`assignee` names another internal user (guid). With `entity` and `entityId` and no assignee: " +
      "every task about that record. Only the tasks the caller may see: an Admin every task, anyone " +
      "else their own (assigned to or created by them) and the tasks about a record; another's task " +
      "about nothing is answered 404 on every path. Paged (page 1 and 12 a page by default): `data` " +
      "holds the page asked for, `total` counts every match.",
    query: taskListQuerySchema,
    responses: { 200: taskPageSchema },
  }),
  add: endpoint({
    method: "POST",
    path: "/api/v2/tasks",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Adds a task (assigned to the caller unless another internal user is named)",
    description:
      "It may name the record it is about (entity and entityId, both or neither). 400: a missing title or " +
      "due date, an assignee who is not an internal user, a record that does not exist.",
    body: taskInputSchema,
    responses: { 201: taskSchema },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/v2/tasks/{id}",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Edits a task, marks it done (done: true) or reopens it (done: false)",
    description: RULE,
    params: taskIdParamsSchema,
    body: taskUpdateSchema,
    responses: { 200: taskSchema, 403: apiErrorSchema },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v2/tasks/{id}",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Deletes a task",
    description: RULE,
    params: taskIdParamsSchema,
    responses: { 200: messageSchema, 403: apiErrorSchema },
  }),
};
