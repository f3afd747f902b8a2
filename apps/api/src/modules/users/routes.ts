import { userEndpoints } from "@visadesk/contract/users-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { Forbidden } from "#api/lib/errors";
import { holdExportSlot } from "#api/lib/export-slots";
import { datedFileName, sendCsv } from "#api/lib/lists";
import { signedInUser } from "#api/plugins/auth";
import { appUserRoutes } from "./app-users/routes";
import type { UserService } from "./service";
import { staffAccountRoutes } from "./staff-accounts/routes";
import { USER_CSV } from "./user-export";

/**
 * The users' endpoints (declared in the contract's userEndpoints, appUserEndpoints and
 * staffAccountEndpoints): the lists both screens read, then each screen's own.
 */
export function userRoutes(users: UserService, options: { loginRateLimit: number }): FastifyPluginAsync {
  return async (app) => {
    route(app, userEndpoints.list, (request) => {
      const { role } = signedInUser(request);
      if (request.query.deleted && role !== "Admin") {
        throw new Forbidden("Only an Admin can see deleted app users");
      }
      // The sign-in state of internal accounts is for the Admins who unlock and reset them.
      return users.list(request.query, { signIn: role === "Admin" });
    });

    route(
      app,
      userEndpoints.export,
      async (request, reply) => {
        await holdExportSlot(request, reply);
        await users.recordExport(request.query);
        const what =
          request.query.role === "AppUser" ? "app-users" : request.query.role ? "internal-users" : "users";
        sendCsv(reply, datedFileName(what), USER_CSV, users.exportRows(request.query, USER_CSV));
        return reply;
      },
      { csvColumns: USER_CSV.map((column) => column.header) },
    );

    route(app, userEndpoints.get, (request) =>
      users.detail(request.params.id, { signIn: signedInUser(request).role === "Admin" }),
    );

    appUserRoutes(app, users, options);
    staffAccountRoutes(app, users);
  };
}
