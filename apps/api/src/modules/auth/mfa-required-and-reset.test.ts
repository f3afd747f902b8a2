import { accountControlMessages, mfaMessages } from "@visadesk/contract/account-constants";
import { describe, expect, it } from "vitest";
import { bearerHeaders, createTestApp } from "#test/helpers";
import {
  clock,
  codeOf,
  cookieOf,
  enrolled,
  get,
  passwordStep,
  signInPlain,
  signInWithCode,
  t,
  useMfaApp,
} from "./mfa-test-app";

/** REQUIRE_MFA, and an Admin's reset of someone's second factors. */
useMfaApp();

describe("REQUIRE_MFA", () => {
  it("lets an account without a factor do nothing but enrol (and read its account, sign out) until it has one", async () => {
    const strict = await createTestApp({ clock, config: { requireMfa: true } });
    try {
      const account = await strict.createAccount();
      const signIn = await strict.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: account.email, password: account.password },
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user.mfaEnrolmentRequired).toBe(true);
      const headers = bearerHeaders(signIn.json().accessToken, cookieOf(signIn) ?? "");
      const call = (method: "GET" | "POST", url: string, payload?: object) =>
        strict.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      for (const url of ["/api/v2/Dashboard/stats", "/api/v2/account/sessions", "/api/v2/User/users"]) {
        const blocked = await call("GET", url);
        expect(blocked.statusCode, url).toBe(403);
        expect(blocked.json().message).toBe(mfaMessages.enrolmentRequired);
      }
      expect((await call("GET", "/api/v2/account")).statusCode).toBe(200);
      expect((await call("GET", "/api/v2/account/mfa")).json().enrolmentRequired).toBe(true);
      const { secret } = (await call("POST", "/api/v2/account/mfa/totp")).json();
      expect(
        (await call("POST", "/api/v2/account/mfa/totp/confirm", { code: codeOf(secret) })).statusCode,
      ).toBe(200);
      expect((await call("GET", "/api/v2/Dashboard/stats")).statusCode).toBe(200);
      expect((await call("GET", "/api/v2/account/mfa")).json().enrolmentRequired).toBe(false);
      // Without REQUIRE_MFA the same account is never asked.
      const relaxed = await t.createAccount();
      const plain = await signInPlain(relaxed);
      expect((await get("/api/v2/Dashboard/stats", plain.headers)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("still lets an account without a factor sign out", async () => {
    const strict = await createTestApp({ clock, config: { requireMfa: true } });
    try {
      const signedIn = await strict.signIn("Staff");
      const out = await strict.app.inject({
        method: "POST",
        url: "/api/v2/connect/logout",
        headers: signedIn.headers,
      });
      expect(out.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("Admin reset of someone's second factors", () => {
  it("removes the factors and ends the sessions (on every instance); Staff 403, oneself and non-internal accounts 409", async () => {
    const replica = await t.replica();
    const admin = await t.signIn("Admin");
    const { account, secret } = await enrolled();
    const signedIn = await signInWithCode(account, codeOf(secret));
    const headers = bearerHeaders(signedIn.json().accessToken, cookieOf(signedIn) ?? "");
    const onReplica = async () =>
      (await replica.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers })).statusCode;
    expect(await onReplica()).toBe(200);
    const reset = (by: Record<string, string>, guidId: string) =>
      t.app.inject({ method: "DELETE", url: `/api/v2/User/users/${guidId}/mfa`, headers: by });

    const staff = await t.signIn("Staff");
    expect((await reset(staff.headers, account.guidId)).statusCode).toBe(403);
    const self = await reset(admin.headers, admin.user.guidId);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(accountControlMessages.notSelf);
    const appUser = await t.createAccount({ role: "AppUser" });
    expect((await reset(admin.headers, appUser.guidId)).json().message).toBe(
      accountControlMessages.internalOnly,
    );
    expect(
      (await reset(admin.headers, (await t.createAccount({ status: "pending" })).guidId)).statusCode,
    ).toBe(409);
    expect(await onReplica()).toBe(200);

    const done = await reset(admin.headers, account.guidId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: mfaMessages.resetDone, user: { guidId: account.guidId } });
    // The replica learns of the reset from the database's change notice (at once on SQLite).
    await expect.poll(onReplica).toBe(401);
    for (const table of ["mfaTotp", "mfaRecoveryCodes", "mfaPasskeys"] as const) {
      const rows = await t.db.kysely
        .selectFrom(table)
        .select("userId")
        .where("userId", "=", account.id)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
    expect((await passwordStep(account)).json().accessToken).toEqual(expect.any(String));
  });
});
