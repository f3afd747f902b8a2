import { accountControlMessages, accountMessages } from "@visadesk/contract/account-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

let t: TestApp;
let admin: SignedIn;
let replica: Awaited<ReturnType<TestApp["replica"]>>;
beforeAll(async () => {
  t = await createTestApp({ replicable: true });
  replica = await t.replica();
  admin = await t.signIn("Admin");
});
afterAll(() => t.close());

const act = (headers: Record<string, string>, guidId: string, path: string, role?: string) =>
  t.app.inject({
    method: path === "role" ? "PUT" : "POST",
    url: `/api/v2/User/users/${guidId}/${path}`,
    headers,
    ...(role ? { payload: { role } } : {}),
  });
/**
 * Whether a session still works, asked of the other API instance (another replica on the same database). An
 * end counts there once the database has told it (at once on SQLite, on PostgreSQL with the change notice).
 */
const worksOnReplica = async (signedIn: SignedIn) =>
  (await replica.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers: signedIn.headers }))
    .statusCode;

describe("Admin control of internal accounts", () => {
  it("suspends: the person's sessions end at once (on every instance) and sign-in is refused until reactivated", async () => {
    const staff = await t.signIn("Staff");
    expect(await worksOnReplica(staff)).toBe(200);
    const suspended = await act(admin.headers, staff.user.guidId, "suspend");
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      message: accountControlMessages.suspended,
      user: { guidId: staff.user.guidId, status: "suspended" },
    });
    await expect.poll(() => worksOnReplica(staff)).toBe(401);
    const signIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: staff.user.email, password: staff.user.password },
      });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(accountMessages.suspended);
    expect((await act(admin.headers, staff.user.guidId, "suspend")).statusCode).toBe(409);

    const listed = await t.app.inject({
      method: "GET",
      url: `/api/v2/User/users/${staff.user.guidId}`,
      headers: admin.headers,
    });
    expect(listed.json().status).toBe("suspended");

    const back = await act(admin.headers, staff.user.guidId, "reactivate");
    expect(back.json()).toMatchObject({
      message: accountControlMessages.reactivated,
      user: { status: "active" },
    });
    expect((await signIn()).statusCode).toBe(200);
    expect((await act(admin.headers, staff.user.guidId, "reactivate")).statusCode).toBe(409);
  });

  it("changes the role Staff ↔ Admin, ending the person's sessions; the new role counts at the next sign-in", async () => {
    const staff = await t.signIn("Staff");
    const promoted = await act(admin.headers, staff.user.guidId, "role", "Admin");
    expect(promoted.json()).toMatchObject({
      message: accountControlMessages.roleChanged("Admin"),
      user: { userRoles: { roles: ["Admin"] } },
    });
    await expect.poll(() => worksOnReplica(staff)).toBe(401);
    const bad = await act(admin.headers, staff.user.guidId, "role", "AppUser");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Role must be Admin or Staff");
    const demoted = await act(admin.headers, staff.user.guidId, "role", "Staff");
    expect(demoted.json().user.userRoles.roles).toEqual(["Staff"]);
  });

  it("ends all of someone's sessions", async () => {
    const staff = await t.signIn("Staff");
    const ended = await act(admin.headers, staff.user.guidId, "end-sessions");
    expect(ended.json().message).toBe(accountControlMessages.sessionsEnded);
    await expect.poll(() => worksOnReplica(staff)).toBe(401);
  });

  it("never leaves the product without an active Admin: not oneself, and not when two Admins act at once", async () => {
    const lone = await createTestApp();
    try {
      const first = await lone.signIn("Admin");
      const second = await lone.signIn("Admin");
      const send = (by: SignedIn, path: string, target: string, role?: string) =>
        lone.app.inject({
          method: path === "role" ? "PUT" : "POST",
          url: `/api/v2/User/users/${target}/${path}`,
          headers: by.headers,
          ...(role ? { payload: { role } } : {}),
        });
      const self = await send(first, "role", first.user.guidId, "Staff");
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(accountControlMessages.notSelf);
      expect((await send(first, "suspend", first.user.guidId)).statusCode).toBe(409);

      // Each suspends (then demotes) the other at the same moment: one may win, never both.
      for (const [path, role] of [["suspend"], ["role", "Staff"]] as const) {
        const answers = await Promise.all([
          send(first, path, second.user.guidId, role),
          send(second, path, first.user.guidId, role),
        ]);
        const statuses = answers.map((answer) => answer.statusCode);
        expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
        for (const answer of answers) {
          if (answer.statusCode === 409) expect(answer.json().message).toBe(accountControlMessages.lastAdmin);
          else expect([200, 401]).toContain(answer.statusCode);
        }
        const admins = await lone.db.kysely
          .selectFrom("users")
          .select("id")
          .where("role", "=", "Admin")
          .where("suspendedAt", "is", null)
          .execute();
        expect(admins.length).toBeGreaterThanOrEqual(1);
        // Back to two active Admins for the next round, each signed in anew.
        await lone.db.kysely
          .updateTable("users")
          .set({ suspendedAt: null, role: "Admin" })
          .where("id", "in", [first.user.id, second.user.id])
          .execute();
        Object.assign(first, await lone.sessionFor(first.user));
        Object.assign(second, await lone.sessionFor(second.user));
      }
    } finally {
      await lone.close();
    }
  });

  it("lets only Admins do it: Staff get 403, app users and pending accounts 409", async () => {
    const staff = await t.signIn("Staff");
    const colleague = await t.createAccount();
    for (const path of ["suspend", "reactivate", "end-sessions"]) {
      expect((await act(staff.headers, colleague.guidId, path)).statusCode).toBe(403);
    }
    expect((await act(staff.headers, colleague.guidId, "role", "Admin")).statusCode).toBe(403);
    const appUser = await t.createAccount({ role: "AppUser" });
    const refused = await act(admin.headers, appUser.guidId, "suspend");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(accountControlMessages.internalOnly);
    const pending = await t.createAccount({ status: "pending" });
    expect((await act(admin.headers, pending.guidId, "suspend")).statusCode).toBe(409);
  });
});
