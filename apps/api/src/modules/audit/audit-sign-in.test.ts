import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { multipart, type SignedIn } from "#test/helpers";
import { totpOf } from "../auth/mfa-store";
import { admin, feed, historyOf, staff, t, tableText, useAuditApp } from "./audit-test-app";

/** The audit log of signing in and up: sign-ins and their failures, an unlock, a registration, the second step. */
useAuditApp();

describe("sign-in events", () => {
  it("records a sign-in with the account as actor, and a sign-out by the signed-in user", async () => {
    const signedIn = await t.signIn("Staff");
    const [signInRow] = await historyOf(signedIn.user.guidId);
    expect(signInRow).toMatchObject({
      action: "sign-in",
      entity: "user",
      entityId: signedIn.user.guidId,
      actor: { guidId: signedIn.user.guidId },
      changes: {},
    });
    expect(signInRow?.requestId).toBeTruthy();
    expect(signInRow?.ip).toBeTruthy();

    const out = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/logout",
      headers: signedIn.headers,
    });
    expect(out.statusCode).toBe(200);
    const [signOutRow] = await historyOf(signedIn.user.guidId);
    expect(signOutRow).toMatchObject({
      action: "sign-out",
      actor: { guidId: signedIn.user.guidId },
      requestId: out.headers["x-request-id"],
    });
  });

  it("records a wrong password as a failed sign-in on the account, with no actor and never the password", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const typed = `Wrong-${randomUUID()}`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: account.email, password: typed },
    });
    expect(response.statusCode).toBe(401);
    const [row] = await historyOf(account.guidId);
    expect(row).toMatchObject({
      action: "sign-in-failed",
      actor: null,
      entityId: account.guidId,
      changes: {},
    });
    expect(await tableText()).not.toContain(typed);
  });

  it("records a sign-in attempt for an account that does not exist as a failed sign-in, without the password", async () => {
    const typed = `Guess-${randomUUID()}`;
    const before = (await feed({ action: "sign-in-failed" })).length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: `nobody-${randomUUID()}@example.com`, password: typed },
    });
    expect(response.statusCode).toBe(401);
    const rows = await feed({ action: "sign-in-failed" });
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ action: "sign-in-failed", actor: null, entity: "user", entityId: null });
    expect(await tableText()).not.toContain(typed);
  });

  it("records the right password of an account that may not sign in (pending) as a failed sign-in", async () => {
    const account = await t.createAccount({ role: "Staff", status: "pending" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(403);
    expect((await historyOf(account.guidId)).map((row) => row.action)).toEqual(["sign-in-failed"]);
  });
});

describe("sign-in unlock", () => {
  it("records an Admin's unlock with the failures it cleared; a refused unlock writes nothing", async () => {
    const account = await t.createAccount({ role: "Staff" });
    for (let i = 0; i < 3; i += 1) {
      const failed = await t.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: account.email, password: `Wrong-${i}-${randomUUID()}` },
      });
      expect(failed.statusCode).toBe(401);
    }
    const unlock = (as: SignedIn) =>
      t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${account.guidId}/unlock`,
        headers: as.headers,
      });
    expect((await unlock(staff)).statusCode).toBe(403);
    expect((await historyOf(account.guidId)).map((row) => row.action)).not.toContain("unlock");

    expect((await unlock(admin)).statusCode).toBe(200);
    const [row] = await historyOf(account.guidId);
    expect(row).toMatchObject({
      action: "unlock",
      entity: "user",
      entityId: account.guidId,
      actor: { guidId: admin.user.guidId },
      changes: { signInFailures: { from: 3, to: 0 } },
    });
    // Nothing left to clear: the unlock is still recorded, with no change to list.
    expect((await unlock(admin)).statusCode).toBe(200);
    expect((await historyOf(account.guidId))[0]).toMatchObject({ action: "unlock", changes: {} });
  });
});

describe("registration", () => {
  it("records a new account as created by nobody, with its fields and the password only as changed", async () => {
    const n = randomUUID().slice(0, 8);
    const password = `Register-${randomUUID()}`;
    const body = multipart({
      UserName: `auditee${n}`,
      Email: `auditee${n}@example.com`,
      FirstName: "Audi",
      LastName: "Tee",
      PhoneNumber: "+92 300 4444444",
      Password: password,
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/register",
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    const guidId = response.json().user.guidId as string;
    expect(await historyOf(guidId)).toEqual([
      expect.objectContaining({
        action: "create",
        actor: null,
        changes: {
          userName: { from: null, to: `auditee${n}` },
          email: { from: null, to: `auditee${n}@example.com` },
          firstName: { from: null, to: "Audi" },
          lastName: { from: null, to: "Tee" },
          phoneNumber: { from: null, to: "+92 300 4444444" },
          password: "changed",
          role: { from: null, to: "Staff" },
          status: { from: null, to: "pending" },
        },
      }),
    ]);
    expect(await tableText()).not.toContain(password);

    // The same email again: nothing is created, so nothing is recorded.
    const before = (await feed({ action: "create" })).length;
    const again = multipart({
      UserName: `other${n}`,
      Email: `auditee${n}@example.com`,
      FirstName: "Audi",
      LastName: "Tee",
      PhoneNumber: "+92 300 4444444",
      Password: password,
    });
    const taken = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/register",
      payload: again.payload,
      headers: again.headers,
    });
    expect(taken.statusCode).toBe(201);
    expect(await feed({ action: "create" })).toHaveLength(before);
  });
});

describe("second step of sign-in", () => {
  it("records a wrong authenticator code as a failed sign-in on the account, and never the secret", async () => {
    const signedIn = await t.signIn("Staff");
    const started = await t.app.inject({
      method: "POST",
      url: "/api/v2/account/mfa/totp",
      headers: signedIn.headers,
    });
    const { secret } = started.json();
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/v2/account/mfa/totp/confirm",
      headers: signedIn.headers,
      payload: { code: totpOf(secret).generate() },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const password = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: signedIn.user.email, password: signedIn.user.password },
    });
    expect(password.json().mfaRequired).toBe(true);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-mfa",
      payload: { mfaToken: password.json().mfaToken, code: "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    const [row] = await historyOf(signedIn.user.guidId);
    expect(row).toMatchObject({ action: "sign-in-failed", actor: null, entityId: signedIn.user.guidId });
    expect(await tableText()).not.toContain(secret);
  });

  it("records a passkey that belongs to no account as a failed sign-in with no account", async () => {
    const before = (await feed({ action: "sign-in-failed" })).length;
    const options = await t.app.inject({ method: "POST", url: "/api/v2/connect/passkey/options" });
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/passkey/verify",
      payload: {
        challengeId: options.json().challengeId,
        response: {
          id: "bWFkZS11cA",
          rawId: "bWFkZS11cA",
          type: "public-key",
          response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
          clientExtensionResults: {},
        },
      },
    });
    expect(verify.statusCode).toBe(401);
    const rows = await feed({ action: "sign-in-failed" });
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ actor: null, entityId: null });
  });
});
