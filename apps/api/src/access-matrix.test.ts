import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { customerMatrix } from "../test/customer-matrix";
import { accountRoutes } from "./access-matrix/account-routes";
import { appointmentsRoutes } from "./access-matrix/appointment-routes";
import { consultantsRoutes } from "./access-matrix/consultant-routes";
import {
  type Caller,
  callers,
  type Entry,
  expectedStatus,
  sessions,
  setup,
  t,
  useMatrixApp,
} from "./access-matrix/context";
import { publicAndAuthRoutes } from "./access-matrix/public-auth-routes";
import { usersRoutes } from "./access-matrix/user-routes";
import { workspaceRoutes } from "./access-matrix/workspace-routes";

/**
 * The authorization matrix: every API route, as the app itself lists them (so a route added without an
 * entry here fails the first test), called with no token, an AppUser's token, a Staff token, an Admin
 * token and a customer's token, each route's expected answers written by hand in its module's table
 * (access-matrix/*-routes.ts), not taken from the code's own declarations. The object-level checks (another
 * record's id, a deleted record, an id that does not exist) are in access-matrix/object-level.test.ts.
 */
useMatrixApp();

const modules: Record<string, Record<string, Entry>> = {
  customer: customerMatrix(
    () => t,
    () => setup,
  ),
  "public and sign-in": publicAndAuthRoutes(),
  consultants: consultantsRoutes(),
  "users and accounts": usersRoutes(),
  "own account": accountRoutes(),
  appointments: appointmentsRoutes(),
  workspace: workspaceRoutes(),
};

describe("authorization matrix", () => {
  it("has an entry for every API route the app serves (HEAD answers as its GET)", () => {
    const served = new Set(t.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    const listed = new Set(Object.values(modules).flatMap((routes) => Object.keys(routes)));
    for (const key of listed) if (key.startsWith("GET ")) listed.add(`HEAD ${key.slice(4)}`);
    expect(
      [...served].filter((key) => !listed.has(key)),
      "routes with no matrix entry",
    ).toEqual([]);
    expect(
      [...listed].filter((key) => !served.has(key)),
      "matrix entries for no route",
    ).toEqual([]);
  });

  // One case per route and caller, grouped by module: a refusal names its route and its caller.
  const everyCaller = Object.keys(callers) as Caller[];
  describe.each(Object.entries(modules))("%s", (_module, routes) => {
    describe.each(Object.entries(routes))("%s", (route, entry) => {
      it.each(everyCaller)("answers %s as designed", async (caller) => {
        const results: Record<string, number> = {};
        const expected: Record<string, number> = {};
        const headers = entry.endsSession ? await callers[caller]() : sessions[caller];
        const request = await entry.request(headers);
        for (const method of route.startsWith("GET ") ? ["GET", "HEAD"] : [request.method]) {
          const response = await t.app.inject({ ...request, method: method as InjectOptions["method"] });
          results[`${method} as ${caller}`] = response.statusCode;
          expected[`${method} as ${caller}`] = expectedStatus(entry, caller);
          if (method !== "HEAD" && response.statusCode >= 400) {
            // Every refusal reads well.
            expect(response.json().message, `${route} as ${caller}`).toEqual(expect.any(String));
          }
        }
        expect(results).toEqual(expected);
      });
    });
  });
});

describe("the Deleted filter of the lists", () => {
  it.each(["/api/v2/Consultants/consultants?deleted=true", "/api/v2/User/users?deleted=true"])(
    "%s is for Admins only",
    async (url) => {
      const results: Record<string, number> = {};
      for (const caller of Object.keys(callers) as Caller[]) {
        results[caller] = (await t.app.inject({ method: "GET", url, headers: sessions[caller] })).statusCode;
      }
      expect(results).toEqual({ none: 401, AppUser: 403, Staff: 403, Admin: 200, Customer: 401 });
    },
  );
});
