import { mfaMessages } from "@visadesk/contract/account-constants";
import { signInLockedMessage } from "@visadesk/contract/auth-constants";
import { describe, expect, it } from "vitest";
import { bearerHeaders } from "#test/helpers";
import { totpOf } from "./mfa-store";
import {
  clock,
  codeOf,
  cookieOf,
  enrolled,
  get,
  nextStep,
  passwordStep,
  post,
  signInPlain,
  signInWithCode,
  t,
  useMfaApp,
} from "./mfa-test-app";

/** Two-factor sign-in with an authenticator app (TOTP) and recovery codes. */
useMfaApp();

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
