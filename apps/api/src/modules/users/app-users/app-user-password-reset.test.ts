import { authMessages } from "@visadesk/contract/auth-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendReset = (guidId: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: `/api/v2/User/users/${guidId}/send-password-reset`, headers });
const tokenIn = (text: string) => /\/book\/reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? "";

describe("POST /api/v2/User/users/{id}/send-password-reset", () => {
  it("mails the app user a working reset link when Staff ask, and says where it went", async () => {
    const { headers } = await t.signIn("Staff");
    const appUser = await t.createAccount({ role: "AppUser" });
    const before = t.mails.length;

    const answer = await sendReset(appUser.guidId, headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: `A password reset link was sent to ${appUser.email}` });

    const mails = t.mails.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([appUser.email]);
    const token = tokenIn(mails[0]?.text ?? "");
    expect(token.length).toBeGreaterThan(30);
    // The link is the one Forgot password sends: it sets the app user's new password, once.
    const reset = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/connect/reset-password",
        payload: { token, password: "Brand-New-Password-7" },
      });
    const done = await reset();
    expect(done.statusCode).toBe(200);
    // An app user cannot sign in to the back-office: the answer says the password is for the mobile app.
    expect(done.json()).toEqual({ message: authMessages.resetDoneAppUser, accountKind: "app-user" });
    const spent = await reset();
    expect(spent.statusCode).toBe(400);
    // A spent (or made-up) link learns nothing about the account.
    expect(spent.json()).not.toHaveProperty("accountKind");
  });

  it("works for an Admin too, and refuses an internal account, an unknown id and the signed-out", async () => {
    const admin = await t.signIn("Admin");
    const appUser = await t.createAccount({ role: "AppUser" });
    expect((await sendReset(appUser.guidId, admin.headers)).statusCode).toBe(200);

    const staff = await t.createAccount({ role: "Staff" });
    const before = t.mails.length;
    const internal = await sendReset(staff.guidId, admin.headers);
    expect(internal.statusCode).toBe(409);
    expect(internal.json()).toMatchObject({
      message: "Only app users are sent a reset link from here: staff use Forgot password",
    });
    const unknown = await sendReset("00000000-0000-4000-8000-000000000000", admin.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "AppUser not found" });
    expect((await sendReset(appUser.guidId, {})).statusCode).toBe(401);
    expect(t.mails.length).toBe(before);
  });

  it("is refused to an app user's own session", async () => {
    const appUser = await t.createAccount({ role: "AppUser" });
    const session = await t.sessionFor(appUser);
    const answer = await sendReset(appUser.guidId, session.headers);
    expect(answer.statusCode).toBe(403);
  });
});

describe("rate limit", () => {
  it("answers 429 with the product's message past the limit, and mails no more", async () => {
    const limited = await createTestApp({ config: { loginRateLimit: 2 } });
    try {
      const { headers } = await limited.signIn("Staff");
      // Two app users: one account gets one reset mail a minute anyway (reset-flooding.test.ts).
      const first = await limited.createAccount({ role: "AppUser" });
      const second = await limited.createAccount({ role: "AppUser" });
      const send = (appUser = first) =>
        limited.app.inject({
          method: "POST",
          url: `/api/v2/User/users/${appUser.guidId}/send-password-reset`,
          headers,
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send(second)).statusCode).toBe(200);
      const refused = await send(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: "Too Many Requests" });
      expect(limited.mails).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
