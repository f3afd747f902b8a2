import { accountControlMessages, mfaMessages } from "@visadesk/contract/account-constants";
import { signInLockedMessage } from "@visadesk/contract/auth-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkOrigin } from "#api/config";
import {
  bearerHeaders,
  createTestApp,
  type SignedIn,
  type TestAccount,
  type TestApp,
  testClock,
} from "#test/helpers";
import { softwarePasskey } from "#test/passkey-authenticator";
import { totpOf } from "./mfa-store";
import { BINDING_COOKIE } from "./tokens";

const clock = testClock(new Date("2031-03-04T10:00:00.000Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, replicable: true });
});
afterAll(() => t.close());

/** The next 30-second step: every code of a test is new unless it means to reuse one. */
const nextStep = () => clock.advance(30_000);
const codeOf = (secret: string) => totpOf(secret).generate({ timestamp: clock.now().getTime() });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value;

const passwordStep = (account: TestAccount) =>
  post("/api/v2/connect/verify-login", { email: account.email, password: account.password });

/** Signs in with the password only (an account with no factor). */
async function signInPlain(account: TestAccount): Promise<SignedIn> {
  const response = await passwordStep(account);
  expect(response.statusCode, response.body).toBe(200);
  return {
    token: response.json().accessToken,
    headers: bearerHeaders(response.json().accessToken, cookieOf(response) ?? ""),
    user: account,
  };
}

/** A new Staff account with an authenticator app turned on: its secret and recovery codes. */
async function enrolled(app: TestApp = t) {
  const account = await app.createAccount();
  const response = await app.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: { email: account.email, password: account.password },
  });
  const headers = bearerHeaders(response.json().accessToken, cookieOf(response) ?? "");
  const started = await app.app.inject({ method: "POST", url: "/api/v2/account/mfa/totp", headers });
  const { secret } = started.json();
  const confirmed = await app.app.inject({
    method: "POST",
    url: "/api/v2/account/mfa/totp/confirm",
    headers,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  nextStep();
  return {
    account,
    secret: secret as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
    headers,
  };
}

/** Both steps: the password, then the code; the signed-in headers. */
async function signInWithCode(account: TestAccount, code: string) {
  const first = await passwordStep(account);
  expect(first.json().mfaRequired).toBe(true);
  const second = await post("/api/v2/connect/verify-mfa", { mfaToken: first.json().mfaToken, code });
  return second;
}

describe("authenticator app (TOTP)", () => {
  it("is off until a code from the app confirms it, then answers 10 recovery codes once, stored unreadable", async () => {
    const account = await t.createAccount();
    const { headers } = await signInPlain(account);
    const started = await post("/api/v2/account/mfa/totp", undefined, headers);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect((await get("/api/v2/account/mfa", headers)).json()).toMatchObject({ totpEnabled: false });
    // Not on yet: the password alone still signs in.
    expect((await passwordStep(account)).json().accessToken).toEqual(expect.any(String));

    const right = codeOf(secret);
    const wrong = await post(
      "/api/v2/account/mfa/totp/confirm",
      { code: right === "123456" ? "654321" : "123456" },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: mfaMessages.codeWrong });
    const confirmed = await post("/api/v2/account/mfa/totp/confirm", { code: right }, headers);
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);

    const status = (await get("/api/v2/account/mfa", headers)).json();
    expect(status).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, passkeys: [] });
    expect((await post("/api/v2/account/mfa/totp", undefined, headers)).statusCode).toBe(409);
    // At rest: the secret encrypted, the recovery codes as keyed hashes.
    const stored = await t.db.kysely
      .selectFrom("mfaTotp")
      .selectAll()
      .where("userId", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    expect(stored.secret.startsWith("v1.")).toBe(true);
    const hashes = await t.db.kysely
      .selectFrom("mfaRecoveryCodes")
      .select("codeHash")
      .where("userId", "=", account.id)
      .execute();
    expect(hashes).toHaveLength(10);
    const dump = JSON.stringify(hashes);
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace("-", ""));
    }
  });

  it("makes sign-in two steps: no token, cookie or session after the password; the code completes it", async () => {
    const { account, secret } = await enrolled();
    const sessionsBefore = await t.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", account.id)
      .execute();
    const first = await passwordStep(account);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ["totp", "recovery"],
    });
    expect(first.json().accessToken).toBeUndefined();
    expect(cookieOf(first)).toBeUndefined();
    expect(first.headers["set-cookie"]).toBeUndefined();
    const sessionsAfter = await t.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", account.id)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);

    const second = await post("/api/v2/connect/verify-mfa", {
      mfaToken: first.json().mfaToken,
      code: codeOf(secret),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ tokenType: "Bearer", user: { guidId: account.guidId } });
    const cookie = cookieOf(second);
    expect(cookie).toEqual(expect.any(String));
    expect(
      (await get("/api/v2/account", bearerHeaders(second.json().accessToken, cookie ?? ""))).statusCode,
    ).toBe(200);
  });

  it("refuses a code used once already, and an older step once a newer one was used", async () => {
    const { account, secret } = await enrolled();
    const code = codeOf(secret);
    expect((await signInWithCode(account, code)).statusCode).toBe(200);
    const again = await signInWithCode(account, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(mfaMessages.codeWrong);
    // The previous step's code is within the clock-drift window, but older than the one used.
    const previous = totpOf(secret).generate({ timestamp: clock.now().getTime() - 30_000 });
    nextStep();
    const fresh = codeOf(secret);
    expect((await signInWithCode(account, fresh)).statusCode).toBe(200);
    expect((await signInWithCode(account, previous)).statusCode).toBe(401);
    nextStep();
    expect((await signInWithCode(account, codeOf(secret))).statusCode).toBe(200);
  });

  it("takes each recovery code once (case, spaces and dashes ignored)", async () => {
    const { account, recoveryCodes, headers } = await enrolled();
    const [code = ""] = recoveryCodes;
    const typed = ` ${code.toUpperCase().replace("-", " ")} `;
    expect((await signInWithCode(account, typed)).statusCode).toBe(200);
    const reused = await signInWithCode(account, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(mfaMessages.codeWrong);
    expect((await signInWithCode(account, recoveryCodes[1] ?? "")).statusCode).toBe(200);
    expect((await get("/api/v2/account/mfa", headers)).json().recoveryCodesLeft).toBe(8);
  });

  it("the mfaToken is no access token, lasts 5 minutes, and is used once", async () => {
    const { account, secret, recoveryCodes } = await enrolled();
    const first = await passwordStep(account);
    const { mfaToken } = first.json();
    for (const headers of [{ authorization: `Bearer ${mfaToken}` }, bearerHeaders(mfaToken, "anything")]) {
      expect((await get("/api/v2/account", headers)).statusCode).toBe(401);
    }
    expect((await post("/api/v2/connect/verify-mfa", { mfaToken, code: codeOf(secret) })).statusCode).toBe(
      200,
    );
    nextStep();
    const reused = await post("/api/v2/connect/verify-mfa", { mfaToken, code: codeOf(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(mfaMessages.mfaTokenInvalid);

    // Two requests with the same token at once, each with a good recovery code: one sign-in, never two.
    const shared = (await passwordStep(account)).json().mfaToken;
    const [a, b] = await Promise.all(
      recoveryCodes.slice(0, 2).map((code) => post("/api/v2/connect/verify-mfa", { mfaToken: shared, code })),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 401]);

    const late = (await passwordStep(account)).json().mfaToken;
    clock.advance(5 * 60_000 + 1000);
    const expired = await post("/api/v2/connect/verify-mfa", { mfaToken: late, code: codeOf(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(mfaMessages.mfaTokenInvalid);
    expect(
      (await post("/api/v2/connect/verify-mfa", { mfaToken: "made-up", code: "123456" })).statusCode,
    ).toBe(401);
  });

  it("counts wrong codes toward the sign-in lockout: 429 after 10, even for the right code, and a new password step clears nothing", async () => {
    const { account, secret } = await enrolled();
    let mfaToken = (await passwordStep(account)).json().mfaToken;
    const right = codeOf(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 10; i += 1) {
      // Half-way, the password again: a right password must not give the guesser fresh tries.
      if (i === 5) mfaToken = (await passwordStep(account)).json().mfaToken;
      const response = await post("/api/v2/connect/verify-mfa", { mfaToken, code: wrong });
      expect(response.statusCode).toBe(401);
    }
    const locked = await post("/api/v2/connect/verify-mfa", { mfaToken, code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(signInLockedMessage(15));
    expect((await passwordStep(account)).statusCode).toBe(429);
  });

  it("turns off only with the password and a code, each refused with its own message", async () => {
    const { account, secret, recoveryCodes, headers } = await enrolled();
    const disable = (payload: object) =>
      t.app.inject({ method: "DELETE", url: "/api/v2/account/mfa/totp", headers, payload });
    const badPassword = await disable({ password: "not-my-password", code: codeOf(secret) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().fieldErrors).toEqual({ password: mfaMessages.passwordWrong });
    const badCode = await disable({ password: account.password, code: "zzzzz-zzzzz" });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors).toEqual({ code: mfaMessages.codeWrong });
    expect((await passwordStep(account)).json().mfaRequired).toBe(true);
    const done = await disable({ password: account.password, code: recoveryCodes[0] });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(mfaMessages.totpDisabled);
    expect((await passwordStep(account)).json().accessToken).toEqual(expect.any(String));
    expect((await disable({ password: account.password, code: "123456" })).statusCode).toBe(409);
    const left = await t.db.kysely
      .selectFrom("mfaRecoveryCodes")
      .select("id")
      .where("userId", "=", account.id)
      .execute();
    expect(left).toHaveLength(0);
  });
});

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

describe("passkeys", () => {
  const origin = () => linkOrigin(t.config);

  async function registered() {
    const account = await t.createAccount();
    const { headers } = await signInPlain(account);
    const passkey = softwarePasskey();
    const refused = await post(
      "/api/v2/account/mfa/passkeys/options",
      { password: "wrong-password" },
      headers,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ password: mfaMessages.passwordWrong });
    const options = await post(
      "/api/v2/account/mfa/passkeys/options",
      { password: account.password },
      headers,
    );
    expect(options.statusCode).toBe(200);
    expect(options.json().rp.id).toBe(new URL(origin()).hostname);
    const added = await post(
      "/api/v2/account/mfa/passkeys",
      { name: "Work laptop", response: passkey.register(options.json(), origin()) },
      headers,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: mfaMessages.passkeyAdded,
      passkey: { id: passkey.id, name: "Work laptop" },
    });
    return { account, headers, passkey, recoveryCodes: added.json().recoveryCodes as string[] | undefined };
  }

  it("a first passkey comes with recovery codes, a second does not; with no factor left the codes go", async () => {
    const { account, headers, passkey, recoveryCodes } = await registered();
    expect(recoveryCodes).toHaveLength(10);
    const options = (
      await post("/api/v2/account/mfa/passkeys/options", { password: account.password }, headers)
    ).json();
    const second = softwarePasskey();
    const added = await post(
      "/api/v2/account/mfa/passkeys",
      { name: "Phone", response: second.register(options, origin()) },
      headers,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().recoveryCodes).toBeUndefined();
    // A passkey-only account signs in with a recovery code in place of the passkey.
    expect((await signInWithCode(account, recoveryCodes?.[0] ?? "")).statusCode).toBe(200);
    for (const id of [passkey.id, second.id]) {
      const deleted = await t.app.inject({
        method: "DELETE",
        url: `/api/v2/account/mfa/passkeys/${id}`,
        headers,
      });
      expect(deleted.statusCode).toBe(200);
    }
    const left = await t.db.kysely
      .selectFrom("mfaRecoveryCodes")
      .select("id")
      .where("userId", "=", account.id)
      .execute();
    expect(left).toHaveLength(0);
    expect((await passwordStep(account)).json().accessToken).toEqual(expect.any(String));
  });

  it("registers only an answer to this account's own challenge, from the configured origin", async () => {
    const account = await t.createAccount();
    const { headers } = await signInPlain(account);
    const options = (
      await post("/api/v2/account/mfa/passkeys/options", { password: account.password }, headers)
    ).json();
    const passkey = softwarePasskey();
    const elsewhere = await post(
      "/api/v2/account/mfa/passkeys",
      { name: "Phished", response: passkey.register(options, "https://evil.example") },
      headers,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(mfaMessages.passkeyFailed);
    const madeUp = await post(
      "/api/v2/account/mfa/passkeys",
      { name: "Made up", response: passkey.register({ ...options, challenge: "bWFkZS11cA" }, origin()) },
      headers,
    );
    expect(madeUp.statusCode).toBe(400);
    expect((await get("/api/v2/account/mfa", headers)).json().passkeys).toEqual([]);
  });

  it("serves as the second step after the password", async () => {
    const { account, passkey } = await registered();
    const first = await passwordStep(account);
    expect(first.json()).toMatchObject({ mfaRequired: true, methods: ["passkey", "recovery"] });
    const { mfaToken } = first.json();
    const options = await post("/api/v2/connect/passkey/mfa-options", { mfaToken });
    expect(options.statusCode).toBe(200);
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: passkey.id })]);
    const forged = passkey.authenticate({ ...options.json(), challenge: "b3RoZXI" }, origin());
    expect((await post("/api/v2/connect/verify-mfa", { mfaToken, passkey: forged })).statusCode).toBe(401);
    const answer = passkey.authenticate(options.json(), origin());
    const done = await post("/api/v2/connect/verify-mfa", { mfaToken, passkey: answer });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.guidId).toBe(account.guidId);
    expect(cookieOf(done)).toEqual(expect.any(String));
  });

  it("signs in alone (passwordless): each challenge once, a deleted passkey no more", async () => {
    const { account, headers, passkey } = await registered();
    const start = await post("/api/v2/connect/passkey/options");
    expect(start.statusCode).toBe(200);
    const { challengeId, options } = start.json();
    expect(options.userVerification).toBe("required");
    const wrongOrigin = passkey.authenticate(options, "https://evil.example");
    expect(
      (await post("/api/v2/connect/passkey/verify", { challengeId, response: wrongOrigin })).statusCode,
    ).toBe(401);
    const answer = passkey.authenticate(options, origin());
    const done = await post("/api/v2/connect/passkey/verify", { challengeId, response: answer });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.guidId).toBe(account.guidId);
    const replay = await post("/api/v2/connect/passkey/verify", {
      challengeId,
      response: passkey.authenticate(options, origin()),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(mfaMessages.passkeyStepExpired);

    const listed = (await get("/api/v2/account/mfa", headers)).json().passkeys;
    expect(listed).toEqual([
      expect.objectContaining({ id: passkey.id, name: "Work laptop", lastUsedAt: expect.any(String) }),
    ]);
    const other = await signInPlain(await t.createAccount());
    const notMine = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/account/mfa/passkeys/${passkey.id}`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/account/mfa/passkeys/${passkey.id}`,
      headers,
    });
    expect(deleted.json().message).toBe(mfaMessages.passkeyDeleted);
    const again = (await post("/api/v2/connect/passkey/options")).json();
    const gone = await post("/api/v2/connect/passkey/verify", {
      challengeId: again.challengeId,
      response: passkey.authenticate(again.options, origin()),
    });
    expect(gone.statusCode).toBe(401);
    // No factor left: the password alone signs in again.
    expect((await passwordStep(account)).json().accessToken).toEqual(expect.any(String));
  });
});
