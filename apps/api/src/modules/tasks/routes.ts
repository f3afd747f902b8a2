import { taskMessages } from "@visadesk/contract/tasks-constants";
import { taskEndpoints } from "@visadesk/contract/tasks-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { TaskService } from "./service";

/** The back office's to-dos (their paths, access and shapes: the contract's taskEndpoints). */
export function taskRoutes(tasks: TaskService): FastifyPluginAsync {
  return async (app) => {
    route(app, taskEndpoints.list, (request) => tasks.list(signedInUser(request), request.query));
    route(app, taskEndpoints.add, (request) => tasks.create(signedInUser(request), request.body));
    route(app, taskEndpoints.update, (request) =>
      tasks.update(signedInUser(request), request.params.id, request.body),
    );
    route(app, taskEndpoints.remove, async (request) => {
      await tasks.remove(signedInUser(request), request.params.id);
      return { message: taskMessages.deleted };
    });
  };
}
