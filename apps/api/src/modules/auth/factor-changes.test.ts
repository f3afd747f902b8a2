import { accountMessages, mfaMessages } from "@visadesk/contract/account-constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { linkOrigin } from "#api/config";
import { ensureFirstAdmin } from "#api/db/bootstrap";
import { PNG_1PX } from "#test/fixtures";
import {
  bearerHeaders,
  createTestApp,
  multipart,
  type TestAccount,
  type TestApp,
  testClock,
} from "#test/helpers";
import { softwarePasskey } from "#test/passkey-authenticator";
import { totpOf } from "./mfa-store";
import { BINDING_COOKIE } from "./tokens";

/*
 * Changes of one's own sign-in factors: each needs a proof of the last 5 minutes, and each leaves one
 * history row with no secret in it. Also the first Admin's way in with REQUIRE_MFA (password, then factor).
 */

const clock = testClock(new Date("2031-05-06T09:00:00.000Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const codeOf = (secret: string) => totpOf(secret).generate({ timestamp: clock.now().getTime() });
const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value ?? "";

async function signIn(app: TestApp, email: string, password: string) {
  const response = await app.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bearerHeaders(response.json().accessToken, cookieOf(response));
}

/** Calls under /api/v2/account with one session's headers (kept on the function for other calls). */
function caller(app: TestApp, headers: Record<string, string>) {
  const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    app.app.inject({ method, url: `/api/v2/account${url}`, headers, ...(payload ? { payload } : {}) });
  return Object.assign(call, { headers });
}

/** An account signed in, with a passkey and an authenticator app; the proof of sign-in still fresh. */
async function withFactors() {
  const account = await t.createAccount();
  const headers = await signIn(t, account.email, account.password);
  const call = caller(t, headers);
  const passkey = softwarePasskey();
  const options = await call("POST", "/mfa/passkeys/options", { password: account.password });
  const added = await call("POST", "/mfa/passkeys", {
    name: "Work laptop",
    response: passkey.register(options.json(), linkOrigin(t.config)),
  });
  expect(added.statusCode, added.body).toBe(201);
  const { secret } = (await call("POST", "/mfa/totp")).json();
  const confirmed = await call("POST", "/mfa/totp/confirm", { code: codeOf(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  clock.advance(30_000);
  return { account, headers, call, passkey, secret: secret as string };
}

const auditRowsOf = (account: TestAccount) =>
  t.db.kysely
    .selectFrom("auditLog")
    .selectAll()
    .where("entityId", "=", account.guidId)
    .where("action", "=", "update")
    .orderBy("id")
    .execute();

describe("changing a sign-in factor needs a proof of the last 5 minutes", () => {
  it("refuses with the session alone after 5 minutes, and goes through after the password or a code", async () => {
    const { account, call, passkey, secret } = await withFactors();
    clock.advance(5 * 60_000 + 1000);

    const stale = [
      await call("DELETE", `/mfa/passkeys/${passkey.id}`),
      await call("POST", "/mfa/recovery-codes"),
      await call("POST", "/mfa/totp"),
      await call("POST", "/mfa/totp/confirm", { code: "123456" }),
    ];
    for (const answer of stale) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(mfaMessages.reauthenticationRequired);
    }
    const status = (await call("GET", "/mfa")).json();
    expect(status.passkeys).toHaveLength(1);
    expect(status.recoveryCodesLeft).toBe(10);

    const wrong = await call("POST", "/reauthenticate", { password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: mfaMessages.passwordWrong });
    expect((await call("POST", "/reauthenticate", {})).statusCode).toBe(400);
    const proven = await call("POST", "/reauthenticate", { password: account.password });
    expect(proven.statusCode, proven.body).toBe(200);
    expect((await call("DELETE", `/mfa/passkeys/${passkey.id}`)).statusCode).toBe(200);

    // A code from the authenticator app is a proof too; it lasts 5 minutes.
    clock.advance(5 * 60_000 + 1000);
    expect((await call("POST", "/mfa/recovery-codes")).statusCode).toBe(403);
    expect((await call("POST", "/reauthenticate", { code: codeOf(secret) })).statusCode).toBe(200);
    clock.advance(4 * 60_000);
    const codes = await call("POST", "/mfa/recovery-codes");
    expect(codes.statusCode, codes.body).toBe(200);
    expect(codes.json().recoveryCodes).toHaveLength(10);
  });

  it("counts the sign-in itself and a password change as a proof", async () => {
    const account = await t.createAccount();
    const call = caller(t, await signIn(t, account.email, account.password));
    expect((await call("POST", "/mfa/totp")).statusCode).toBe(200);
    clock.advance(6 * 60_000);
    expect((await call("POST", "/mfa/totp")).statusCode).toBe(403);
    const changed = await call("POST", "/change-password", {
      currentPassword: account.password,
      newPassword: "Another-Horse-71",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call("POST", "/mfa/totp")).statusCode).toBe(200);
  });
});

describe("changes of one's own sign-in and profile are audited, without secrets", () => {
  it("writes one row per change, holding no TOTP secret, recovery code or password", async () => {
    const { account, call, passkey, secret } = await withFactors();
    // Set-up above: adding the passkey (the first factor, with recovery codes) and turning the app on.
    const rows = await auditRowsOf(account);
    expect(rows.map((row) => JSON.parse(row.changes))).toEqual([
      { passkey: { from: null, to: "Work laptop" }, recoveryCodes: "changed" },
      { authenticatorApp: { from: "off", to: "on" }, recoveryCodes: "changed" },
    ]);

    const regenerated = await call("POST", "/mfa/recovery-codes");
    const recoveryCodes = regenerated.json().recoveryCodes as string[];
    expect((await call("DELETE", `/mfa/passkeys/${passkey.id}`)).statusCode).toBe(200);
    const disabled = await call("DELETE", "/mfa/totp", {
      password: account.password,
      code: recoveryCodes[0],
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const profile = multipart(
      { FirstName: "Renamed", LastName: "Person", PhoneNumber: "03001234567" },
      { ProfilePic: { fileName: "me.png", contentType: "image/png", content: PNG_1PX } },
    );
    const updated = await t.app.inject({
      method: "PUT",
      url: "/api/v2/account/profile",
      headers: { ...profile.headers, ...call.headers },
      payload: profile.payload,
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const after = (await auditRowsOf(account)).slice(rows.length);
    expect(after).toHaveLength(4);
    const [codesRow, passkeyRow, totpRow, profileRow] = after.map((row) => JSON.parse(row.changes));
    expect(codesRow).toEqual({ recoveryCodes: "changed" });
    expect(passkeyRow).toEqual({ passkey: { from: "Work laptop", to: null } });
    expect(totpRow).toEqual({ authenticatorApp: { from: "on", to: "off" }, recoveryCodes: "changed" });
    expect(profileRow).toMatchObject({
      firstName: { from: "Test", to: "Renamed" },
      lastName: { to: "Person" },
      phoneNumber: { to: "03001234567" },
      profilePic: { from: null, to: expect.any(String) },
    });
    for (const row of [...rows, ...after]) {
      expect(row.actorGuidId).toBe(account.guidId);
      const text = JSON.stringify(row);
      for (const secretText of [secret, account.password, passkey.id, ...recoveryCodes]) {
        expect(text).not.toContain(secretText);
      }
    }
  });
});

describe("REQUIRE_MFA and the first Admin's one-time password", () => {
  it("takes the new password first, then the second factor, then everything else", async () => {
    const strict = await createTestApp({ clock, config: { requireMfa: true, adminPassword: undefined } });
    try {
      const printed: string[] = [];
      const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
      try {
        expect(await ensureFirstAdmin(strict.db, strict.config, strict.app.log)).toBe(true);
      } finally {
        spy.mockRestore();
      }
      const password = /password: (\S+)/.exec(printed.join("\n"))?.[1] ?? "";
      const email = /email: +(\S+)/.exec(printed.join("\n"))?.[1] ?? "";
      expect(password).not.toBe("");
      const call = caller(strict, await signIn(strict, email, password));

      // Enrolment waits for the new password; nothing else answers.
      const early = await call("POST", "/mfa/totp");
      expect(early.statusCode).toBe(403);
      expect(early.json().message).toBe(accountMessages.passwordChangeRequired);
      const changed = await call("POST", "/change-password", {
        currentPassword: password,
        newPassword: "First-Admin-Horse-42",
      });
      expect(changed.statusCode, changed.body).toBe(200);

      const blocked = await strict.app.inject({
        method: "GET",
        url: "/api/v2/Dashboard/stats",
        headers: call.headers,
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(mfaMessages.enrolmentRequired);
      const { secret } = (await call("POST", "/mfa/totp")).json();
      const confirmed = await call("POST", "/mfa/totp/confirm", { code: codeOf(secret) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const open = await strict.app.inject({
        method: "GET",
        url: "/api/v2/Dashboard/stats",
        headers: call.headers,
      });
      expect(open.statusCode, open.body).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
