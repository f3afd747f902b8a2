import { mfaMessages } from "@visadesk/contract/account-constants";
import { describe, expect, it } from "vitest";
import { linkOrigin } from "#api/config";
import { softwarePasskey } from "#test/passkey-authenticator";
import { cookieOf, get, passwordStep, post, signInPlain, signInWithCode, t, useMfaApp } from "./mfa-test-app";

/** Passkeys: as the second step and alone. */
useMfaApp();

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
