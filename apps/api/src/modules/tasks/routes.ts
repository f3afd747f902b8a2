import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import {
  taskIdParamsSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskMessages,
  taskPageSchema,
  taskSchema,
  taskUpdateSchema,
} from "@visadesk/contract/tasks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#api/plugins/auth";
import type { TaskService } from "./service";

const tags = ["tasks"];
const RULE = "Only the task's creator, its assignee or an Admin may change or delete it (403 otherwise).";

/** Under /api/v2/tasks: the back office's to-dos. */
export function taskRoutes(tasks: TaskService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/",
      {
        prefixTrailingSlash: "no-slash",
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Tasks, open ones first by due date (overdue first); the caller's own by default",
          description:
            "`assignee` names another internal user (guid). With `entity` and `entityId` and no assignee: " +
            "every task about that record. Only the tasks the caller may see: an Admin every task, anyone " +
            "else their own (assigned to or created by them) and the tasks about a record; another's task " +
            "about nothing is answered 404 on every path. Paged (page 1 and 12 a page by default).",
          querystring: taskListQuerySchema,
          response: { 200: taskPageSchema },
        },
      },
      (request) => tasks.list(signedInUser(request), request.query),
    );

    app.post(
      "/",
      {
        prefixTrailingSlash: "no-slash",
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Adds a task (assigned to the caller unless another internal user is named)",
          body: taskInputSchema,
          response: { 201: taskSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await tasks.create(signedInUser(request), request.body)),
    );

    app.put(
      "/:id",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Edits a task, marks it done (done: true) or reopens it (done: false)",
          description: RULE,
          params: taskIdParamsSchema,
          body: taskUpdateSchema,
          response: { 200: taskSchema, 403: apiErrorSchema },
        },
      },
      (request) => tasks.update(signedInUser(request), request.params.id, request.body),
    );

    app.delete(
      "/:id",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Deletes a task",
          description: RULE,
          params: taskIdParamsSchema,
          response: { 200: messageSchema, 403: apiErrorSchema },
        },
      },
      async (request) => {
        await tasks.remove(signedInUser(request), request.params.id);
        return { message: taskMessages.deleted };
      },
    );
  };
}
