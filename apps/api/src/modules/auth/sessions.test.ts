import { authMessages } from "@visadesk/contract/auth-constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "#api/config";
import { bearerHeaders, createTestApp, multipart, type TestApp, testClock } from "#test/helpers";
import { SESSION_IDLE_MINUTES } from "./sessions";
import { BINDING_COOKIE } from "./tokens";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const stats = (headers: Record<string, string>, app = t) =>
  app.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers });

/** Refused once the other process has learnt of the end: at once on SQLite, with the change notice on PostgreSQL. */
/** Refused on the very next request, however soon after the end was committed elsewhere. */
async function expectRefusedThere(headers: Record<string, string>, app: TestApp) {
  await expectRefused(headers, app);
}

async function expectRefused(headers: Record<string, string>, app = t) {
  const response = await stats(headers, app);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message: authMessages.authFailed, code: "auth_failed" });
}

const lastSeenOf = async (token: string) => {
  const sessionId = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).jti;
  const row = await t.db.kysely
    .selectFrom("sessions")
    .select("lastSeenAt")
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return new Date(row.lastSeenAt).toISOString();
};

describe("idle timeout", () => {
  it("ends a session nobody used for 30 minutes; use keeps it alive", async () => {
    const { headers } = await t.signIn("Staff");
    clock.advance(29 * MINUTE);
    expect((await stats(headers)).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await stats(headers)).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    await expectRefused(headers);
  });

  it("records use at most about once a minute, so most requests only read", async () => {
    const { token, headers } = await t.signIn("Staff");
    const signedInAt = clock.now().toISOString();
    expect(await lastSeenOf(token)).toBe(signedInAt);
    clock.advance(20_000);
    expect((await stats(headers)).statusCode).toBe(200);
    expect(await lastSeenOf(token)).toBe(signedInAt);
    clock.advance(45_000);
    expect((await stats(headers)).statusCode).toBe(200);
    expect(await lastSeenOf(token)).toBe(clock.now().toISOString());
  });
});

describe("absolute lifetime", () => {
  it("ends a session TOKEN_TTL_MINUTES after sign-in, however active", async () => {
    const short = await createTestApp({ clock, config: { tokenTtlMinutes: 60 } });
    try {
      const { headers } = await short.signIn("Staff");
      for (let minutes = 20; minutes < 60; minutes += 20) {
        clock.advance(20 * MINUTE);
        expect((await stats(headers, short)).statusCode).toBe(200);
      }
      clock.advance(20 * MINUTE);
      await expectRefused(headers, short);
    } finally {
      await short.close();
    }
  });

  it("is at most 12 hours: TOKEN_TTL_MINUTES above 720 stops the start-up with a clear message", () => {
    expect(loadConfig({}).tokenTtlMinutes).toBe(480);
    expect(loadConfig({ TOKEN_TTL_MINUTES: "720" }).tokenTtlMinutes).toBe(720);
    expect(() => loadConfig({ TOKEN_TTL_MINUTES: "721" })).toThrow(
      "TOKEN_TTL_MINUTES must be at most 720 (12 hours)",
    );
  });
});

describe("revocation ends an account's tokens at once", () => {
  const signIn = (login: { email: string; password: string }) =>
    t.app.inject({ method: "POST", url: "/api/v2/connect/verify-login", payload: login });
  const headersOf = (response: Awaited<ReturnType<typeof signIn>>) =>
    bearerHeaders(
      response.json().accessToken,
      response.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value ?? "",
    );

  it("logout ends that session only", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const laptop = headersOf(await signIn(account));
    const phone = headersOf(await signIn(account));
    const out = await t.app.inject({ method: "POST", url: "/api/v2/connect/logout", headers: laptop });
    expect(out.statusCode).toBe(200);
    await expectRefused(laptop);
    expect((await stats(phone)).statusCode).toBe(200);
  });

  it("a password reset ends every session of the account", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const sessions = [headersOf(await signIn(account)), headersOf(await signIn(account))];
    for (const headers of sessions) expect((await stats(headers)).statusCode).toBe(200);
    const before = t.mails.length;
    await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: account.email },
    });
    // The mail leaves after the answer.
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    const token = /reset\?token=([\w-]+)/.exec(t.mails.at(-1)?.text ?? "")?.[1];
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token, password: "a-brand-new-password" },
    });
    expect(reset.statusCode).toBe(200);
    for (const headers of sessions) await expectRefused(headers);
  });

  describe("app users (a token minted for one, as if stolen, is refused by role until its session ends)", () => {
    let staff: Record<string, string>;
    beforeAll(async () => {
      staff = (await t.signIn("Staff")).headers;
    });
    const fields = (n: string) => ({
      UserName: `revoked${n}`,
      Email: `revoked${n}@example.com`,
      FirstName: "Rev",
      LastName: "Oked",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic: `35202-765432${n}-1`,
      Address: "1 Test Street",
    });
    async function appUserWithSession(n: string) {
      const body = multipart({ ...fields(n), Password: "app-user-password" });
      const created = await t.app.inject({
        method: "POST",
        url: "/api/v2/User/adduser",
        payload: body.payload,
        headers: { ...staff, ...body.headers },
      });
      expect(created.statusCode).toBe(201);
      const { guidId } = created.json();
      const row = await t.db.kysely
        .selectFrom("users")
        .select(["id", "userName", "email"])
        .where("guidId", "=", guidId)
        .executeTakeFirstOrThrow();
      const { headers } = await t.sessionFor({
        ...row,
        guidId,
        password: "",
        role: "AppUser",
        status: "active",
      });
      // Signed in, but not a back-office role.
      expect((await stats(headers)).statusCode).toBe(403);
      return { guidId, headers };
    }

    it("a new password set by staff (NewPassword) ends them", async () => {
      const appUser = await appUserWithSession("1");
      const body = multipart({ ...fields("1"), NewPassword: "another-password" });
      const updated = await t.app.inject({
        method: "PUT",
        url: `/api/v2/User/update-user?id=${appUser.guidId}`,
        payload: body.payload,
        headers: { ...staff, ...body.headers },
      });
      expect(updated.statusCode).toBe(200);
      await expectRefused(appUser.headers);
    });

    it("an edit that keeps the password keeps them", async () => {
      const appUser = await appUserWithSession("2");
      const body = multipart({ ...fields("2"), FirstName: "Renamed" });
      const updated = await t.app.inject({
        method: "PUT",
        url: `/api/v2/User/update-user?id=${appUser.guidId}`,
        payload: body.payload,
        headers: { ...staff, ...body.headers },
      });
      expect(updated.statusCode).toBe(200);
      expect((await stats(appUser.headers)).statusCode).toBe(403);
    });

    it("deleting the account ends them", async () => {
      const appUser = await appUserWithSession("3");
      const removed = await t.app.inject({
        method: "DELETE",
        url: `/api/v2/User/users/${appUser.guidId}`,
        headers: staff,
      });
      expect(removed.statusCode).toBe(200);
      await expectRefused(appUser.headers);
      const open = await t.db.kysely
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .select("sessions.id")
        .where("users.guidId", "=", appUser.guidId)
        .where("sessions.revokedAt", "is", null)
        .execute();
      expect(open).toEqual([]);
    });
  });

  it("rejecting a registration ends any session of that account", async () => {
    const admin = (await t.signIn("Admin")).headers;
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const { headers } = await t.sessionFor(pending);
    // Refused already while pending: only active accounts pass.
    await expectRefused(headers);
    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${pending.guidId}/reject`,
      headers: admin,
    });
    expect(rejected.statusCode).toBe(200);
    const open = await t.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", pending.id)
      .where("revokedAt", "is", null)
      .execute();
    expect(open).toEqual([]);
    await expectRefused(headers);
  });
});

// A process may reuse a session it read while the database reports no change since (Db.changeMark, SQLite);
// on PostgreSQL it reads the session on every request. Either way an end decided by another API process, on
// its own connection, counts here on the next request: no window.
describe("an end decided in another API process counts here on the next request", () => {
  let here: TestApp;
  let there: Awaited<ReturnType<TestApp["replica"]>>;
  beforeAll(async () => {
    here = await createTestApp({ clock, replicable: true });
    there = await here.replica();
  });
  afterAll(() => here.close());

  it("a logout there ends the session here", async () => {
    const { headers } = await here.signIn("Staff");
    expect((await stats(headers, here)).statusCode).toBe(200);
    expect((await stats(headers, here)).statusCode).toBe(200);
    const out = await there.app.inject({ method: "POST", url: "/api/v2/connect/logout", headers });
    expect(out.statusCode).toBe(200);
    await expectRefusedThere(headers, here);
  });

  it("an account made inactive or deleted by another connection is refused here", async () => {
    const suspended = await here.signIn("Staff");
    const deleted = await here.signIn("Staff");
    for (const { headers } of [suspended, deleted]) expect((await stats(headers, here)).statusCode).toBe(200);
    await there.db.kysely
      .updateTable("users")
      .set({ status: "rejected" })
      .where("id", "=", suspended.user.id)
      .execute();
    await there.db.kysely
      .updateTable("users")
      .set({ deletedAt: clock.now().toISOString() })
      .where("id", "=", deleted.user.id)
      .execute();
    await expectRefusedThere(suspended.headers, here);
    await expectRefusedThere(deleted.headers, here);
  });

  it("ten sign-outs there, each refused here on the request right after", async () => {
    for (let i = 0; i < 10; i += 1) {
      const { headers } = await here.signIn("Staff");
      expect((await stats(headers, here)).statusCode).toBe(200);
      expect((await stats(headers, here)).statusCode).toBe(200);
      const out = await there.app.inject({ method: "POST", url: "/api/v2/connect/logout", headers });
      expect(out.statusCode).toBe(200);
      await expectRefused(headers, here);
    }
  });

  it("idleness and expiry are judged on the clock, not on what was read", async () => {
    const { headers } = await here.signIn("Staff");
    expect((await stats(headers, here)).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MINUTES * MINUTE);
    await expectRefused(headers, here);
  });
});
