import { staffAccountEndpoints as endpoints } from "@visadesk/contract/staff-accounts-endpoints";
import type { FastifyInstance } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { UserService } from "../service";

/** An Admin's decisions on registrations and control of the other internal accounts. */
export function staffAccountRoutes(app: FastifyInstance, users: UserService): void {
  route(app, endpoints.approve, (request) => users.decide(request.params.id, "approve"));
  route(app, endpoints.reject, (request) => users.decide(request.params.id, "reject"));
  route(app, endpoints.reopen, (request) => users.reopen(request.params.id));

  route(app, endpoints.suspend, (request) =>
    users.control(signedInUser(request), request.params.id, { kind: "suspend" }),
  );
  route(app, endpoints.reactivate, (request) =>
    users.control(signedInUser(request), request.params.id, { kind: "reactivate" }),
  );
  route(app, endpoints.changeRole, (request) =>
    users.control(signedInUser(request), request.params.id, { kind: "role", role: request.body.role }),
  );
  route(app, endpoints.endSessions, (request) =>
    users.control(signedInUser(request), request.params.id, { kind: "end-sessions" }),
  );
  route(app, endpoints.resetTwoFactor, (request) =>
    users.control(signedInUser(request), request.params.id, { kind: "reset-mfa" }),
  );

  route(app, endpoints.unlock, (request) => users.unlockSignIn(request.params.id));
}
