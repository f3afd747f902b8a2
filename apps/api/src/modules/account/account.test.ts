import { accountMessages } from "@visadesk/contract/account-constants";
import { authMessages } from "@visadesk/contract/auth-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "#api/config";
import { ensureFirstAdmin } from "#api/db/bootstrap";
import { PNG_1PX } from "#test/fixtures";
import { bearerHeaders, createTestApp, multipart, type TestAccount, type TestApp } from "#test/helpers";
import { BINDING_COOKIE } from "../auth/tokens";
import { deviceOf } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs the account in from a device; the headers of that session. */
async function signInAs(account: TestAccount, userAgent = CHROME_LINUX, password = account.password) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: { email: account.email, password },
    headers: { "user-agent": userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  const binding = response.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value ?? "";
  return bearerHeaders(response.json().accessToken, binding);
}
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("change my password", () => {
  it("needs the current password, applies the password policy, and ends my other sessions only", async () => {
    const account = await t.createAccount();
    const here = await signInAs(account);
    const elsewhere = await signInAs(account, SAFARI_IPHONE);
    const change = (body: object) =>
      t.app.inject({ method: "POST", url: "/api/v2/account/change-password", payload: body, headers: here });

    const wrong = await change({ currentPassword: "not-my-password", newPassword: "a-new-password-9" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: accountMessages.currentPasswordWrong });
    const common = await change({ currentPassword: account.password, newPassword: "password123" });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors).toEqual({ newPassword: authMessages.passwordTooCommon });
    const short = await change({ currentPassword: account.password, newPassword: "short" });
    expect(short.json().fieldErrors).toEqual({ newPassword: authMessages.passwordTooShort });
    // Nothing was changed by the refusals: both sessions still work.
    expect((await get("/api/v2/account/sessions", elsewhere)).statusCode).toBe(200);

    const done = await change({ currentPassword: account.password, newPassword: "a-new-password-9" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: accountMessages.passwordChanged });
    expect((await get("/api/v2/account/sessions", here)).statusCode).toBe(200);
    expect((await get("/api/v2/account/sessions", elsewhere)).statusCode).toBe(401);
    await signInAs(account, CHROME_LINUX, "a-new-password-9");
    const old = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: account.email, password: account.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it("counts a wrong current password toward the sign-in lockout", async () => {
    const account = await t.createAccount();
    const here = await signInAs(account);
    for (let i = 0; i < 10; i += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v2/account/change-password",
        payload: { currentPassword: `guess-${i}`, newPassword: "a-new-password-9" },
        headers: here,
      });
      expect(response.statusCode).toBe(400);
    }
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/v2/account/change-password",
      payload: { currentPassword: account.password, newPassword: "a-new-password-9" },
      headers: here,
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe("my profile", () => {
  it("changes my names, phone and picture, and reads them back", async () => {
    const account = await t.createAccount();
    const headers = await signInAs(account);
    const form = multipart(
      { FirstName: " Amna ", LastName: "Rauf", PhoneNumber: "+92 321 5550000" },
      { ProfilePic: { fileName: "me.png", content: PNG_1PX, contentType: "image/png" } },
    );
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/v2/account/profile",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(accountMessages.profileUpdated);
    const me = (await get("/api/v2/account", headers)).json();
    expect(me).toMatchObject({
      guidId: account.guidId,
      firstName: "Amna",
      lastName: "Rauf",
      phoneNumber: "+92 321 5550000",
      passwordChangeRequired: false,
    });
    expect(me.profilePic).toMatch(/^\/files\/[0-9a-f-]{36}\.\w+$/);
    const picture = await t.app.inject({ method: "GET", url: me.profilePic });
    expect(picture.statusCode).toBe(200);

    const missing = multipart({ FirstName: "", LastName: "Rauf" });
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/v2/account/profile",
      payload: missing.payload,
      headers: { ...headers, ...missing.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ FirstName: "First name is required" });
  });
});

describe("my sessions", () => {
  it("lists my live sessions with device, address and times, and ends one or all others", async () => {
    const account = await t.createAccount();
    const here = await signInAs(account);
    const phone = await signInAs(account, SAFARI_IPHONE);
    const third = await signInAs(account, "curl/8.5.0");
    const listed = (await get("/api/v2/account/sessions", here)).json();
    expect(listed).toHaveLength(3);
    expect(listed.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(listed.map((session: { device: string }) => session.device).sort()).toEqual(
      ["Chrome 131 on Linux", "Safari 17 on iOS", "curl/8.5.0"].sort(),
    );
    for (const session of listed) {
      expect(session.address).toBe("127.0.0.1");
      expect(Date.parse(session.startedAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
    }
    // Someone else's sessions are not mine to list or end.
    const other = await signInAs(await t.createAccount());
    expect((await get("/api/v2/account/sessions", other)).json()).toHaveLength(1);
    const phoneSession = listed.find((session: { device: string }) => session.device.startsWith("Safari"));
    const notMine = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/account/sessions/${phoneSession.id}`,
      headers: other,
    });
    expect(notMine.statusCode).toBe(404);
    expect((await get("/api/v2/account/sessions", phone)).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/account/sessions/${phoneSession.id}`,
      headers: here,
    });
    expect(ended.json()).toEqual({ message: accountMessages.sessionEnded });
    expect((await get("/api/v2/account/sessions", phone)).statusCode).toBe(401);
    expect((await get("/api/v2/account/sessions", third)).statusCode).toBe(200);

    const others = await t.app.inject({
      method: "POST",
      url: "/api/v2/account/sessions/end-others",
      headers: here,
    });
    expect(others.json()).toEqual({ message: accountMessages.otherSessionsEnded });
    expect((await get("/api/v2/account/sessions", third)).statusCode).toBe(401);
    const left = (await get("/api/v2/account/sessions", here)).json();
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it("names devices plainly when the user agent says little", () => {
    expect(deviceOf(null)).toBe("Unknown device");
    expect(deviceOf("")).toBe("Unknown device");
    expect(deviceOf(CHROME_LINUX)).toBe("Chrome 131 on Linux");
  });
});

describe("the first Admin with a printed one-time password", () => {
  it("must choose a new password before anything else works (403 with a clear message)", async () => {
    const fresh = await createTestApp();
    try {
      const printed: string[] = [];
      const log = console.log;
      console.log = (line: string) => void printed.push(line);
      try {
        await ensureFirstAdmin(fresh.db, testConfig({ adminEmail: "owner@example.com" }), {
          info: () => undefined,
        } as never);
      } finally {
        console.log = log;
      }
      const password = /password: (\S+)/.exec(printed.join("\n"))?.[1] ?? "";
      const signIn = await fresh.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: "owner@example.com", password },
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user.passwordChangeRequired).toBe(true);
      const headers = bearerHeaders(
        signIn.json().accessToken,
        signIn.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value ?? "",
      );
      const blocked = await fresh.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(accountMessages.passwordChangeRequired);
      const me = await fresh.app.inject({ method: "GET", url: "/api/v2/account", headers });
      expect(me.json().passwordChangeRequired).toBe(true);

      const change = await fresh.app.inject({
        method: "POST",
        url: "/api/v2/account/change-password",
        payload: { currentPassword: password, newPassword: "owner-chosen-password" },
        headers,
      });
      expect(change.statusCode).toBe(200);
      expect(
        (await fresh.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers })).statusCode,
      ).toBe(200);
      const again = await fresh.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: "owner@example.com", password: "owner-chosen-password" },
      });
      expect(again.json().user.passwordChangeRequired).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it("is not asked to when the operator chose the password (ADMIN_PASSWORD)", async () => {
    const fresh = await createTestApp();
    try {
      await ensureFirstAdmin(
        fresh.db,
        testConfig({ adminEmail: "set@example.com", adminPassword: "operator-chosen-pw" }),
        { info: () => undefined } as never,
      );
      const signIn = await fresh.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: "set@example.com", password: "operator-chosen-pw" },
      });
      expect(signIn.json().user.passwordChangeRequired).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
