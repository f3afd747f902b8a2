import { randomUUID } from "node:crypto";
import { auditMessages } from "@visadesk/contract/audit";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUDIT_IMMUTABLE_MESSAGE } from "#api/db/migrations/015-audit-log";
import { PNG_1PX } from "#test/fixtures";
import { createTestApp, multipart, type SignedIn, type TestApp } from "#test/helpers";
import { totpOf } from "../auth/mfa-store";
import { auditRowsInBatches } from "./repository";
import { changesBetween, recordAudit } from "./service";

let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("Admin");
  staff = await t.signIn("Staff");
});
afterAll(() => t.close());

/** Every stored row, newest first, as the Admin's feed answers them (filters as query text). */
async function feed(query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/v2/audit",
    query: { pageSize: "100", ...query },
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{
    actor: { guidId: string; name: string } | null;
    action: string;
    entity: string;
    entityId: string | null;
    subject: string | null;
    account: { kind: string; email: string } | null;
    changes: Record<string, unknown>;
    requestId: string | null;
    ip: string | null;
  }>;
}
const historyOf = (entityId: string) => feed({ entity: "user", entityId });

/** The whole table as raw text: what a reader of the database (or a backup) would see. */
async function tableText() {
  const rows = await t.db.kysely.selectFrom("auditLog").selectAll().execute();
  return JSON.stringify(rows);
}

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

describe("password reset", () => {
  const linkOf = (text: string) => /\/forgot-password\/reset\?token=([\w-]+)/.exec(text)?.[1] ?? "";

  it("records the request and the new password as password: changed, and no row holds the password or token", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const before = t.mails.length;
    await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: account.email },
    });
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    const token = linkOf(t.mails.at(-1)?.text ?? "");
    expect(token).not.toBe("");
    await vi.waitFor(async () =>
      expect((await historyOf(account.guidId)).map((row) => row.action)).toEqual([
        "password-reset-requested",
      ]),
    );

    const newPassword = `New-password-${randomUUID()}`;
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [row] = await historyOf(account.guidId);
    expect(row).toMatchObject({ action: "password-reset", actor: null, changes: { password: "changed" } });

    const stored = await tableText();
    const hash = await t.db.kysely
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    for (const secret of [newPassword, token, hash.passwordHash, account.password]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("records a signed-in user's own password change as password: changed by them; a refused one leaves no row", async () => {
    const signedIn = await t.signIn("Staff");
    const change = (body: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/account/change-password",
        payload: body,
        headers: signedIn.headers,
      });
    const refused = await change({ currentPassword: "not-my-password", newPassword: "a-new-password-9" });
    expect(refused.statusCode).toBe(400);
    expect((await historyOf(signedIn.user.guidId)).map((row) => row.action)).toEqual(["sign-in"]);

    const newPassword = `Changed-${randomUUID()}`;
    const changed = await change({ currentPassword: signedIn.user.password, newPassword });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await historyOf(signedIn.user.guidId);
    expect(row).toMatchObject({
      action: "update",
      actor: { guidId: signedIn.user.guidId },
      changes: { password: "changed" },
    });
    expect(await tableText()).not.toContain(newPassword);
  });

  it("leaves no row when the reset link is refused", async () => {
    const before = (await feed({ action: "password-reset" })).length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token: "made-up-token", password: "long-enough-password" },
    });
    expect(response.statusCode).toBe(400);
    expect(await feed({ action: "password-reset" })).toHaveLength(before);
  });
});

describe("CNIC image views", () => {
  it("records each view of a private image by the staff member who opened it; an unknown name records nothing", async () => {
    const name = `${randomUUID()}.png`;
    await t.db.kysely
      .insertInto("files")
      .values({
        id: name,
        contentType: "image/png",
        size: PNG_1PX.length,
        content: PNG_1PX,
        thumbnail: null,
        isPrivate: true,
        createdAt: new Date().toISOString(),
        createdBy: null,
      })
      .execute();
    const view = await t.app.inject({ method: "GET", url: `/api/v2/files/${name}`, headers: staff.headers });
    expect(view.statusCode).toBe(200);
    const rows = await feed({ entity: "file", entityId: name });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "view-cnic", actor: { guidId: staff.user.guidId } });
    expect(JSON.stringify(rows)).not.toContain(PNG_1PX.toString("base64"));

    const missing = `${randomUUID()}.png`;
    const none = await t.app.inject({
      method: "GET",
      url: `/api/v2/files/${missing}`,
      headers: staff.headers,
    });
    expect(none.statusCode).toBe(404);
    expect(await feed({ entity: "file", entityId: missing })).toHaveLength(0);
  });
});

describe("recordAudit and changesBetween", () => {
  const context = { actor: { guidId: "actor-guid", name: "Ada Admin" }, requestId: "req-1", ip: "127.0.0.1" };

  it("keeps only the changed fields and records secrets as changed", () => {
    expect(
      changesBetween<{
        firstName: string;
        lastName: string;
        passwordHash: string;
        phoneNumber: string | null;
      }>(
        { firstName: "Ada", lastName: "Lovelace", passwordHash: "old-hash", phoneNumber: null },
        { firstName: "Ada", lastName: "King", passwordHash: "new-hash", phoneNumber: "123" },
        ["firstName", "lastName", "passwordHash", "phoneNumber"],
      ),
    ).toEqual({
      lastName: { from: "Lovelace", to: "King" },
      password: "changed",
      phoneNumber: { from: null, to: "123" },
    });
    expect(changesBetween({ content: Buffer.from("a") }, { content: Buffer.from("b") }, ["content"])).toEqual(
      {
        content: "changed",
      },
    );
  });

  it("leaves neither the change nor its row when the transaction throws", async () => {
    const account = await t.createAccount({ role: "Staff" });
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ firstName: "Changed" }).where("id", "=", account.id).execute();
        await recordAudit(trx, {
          context,
          action: "update",
          entity: "user",
          entityId: account.guidId,
          changes: { firstName: { from: "Test", to: "Changed" } },
          at: new Date(),
        });
        throw new Error("refused after the write");
      }),
    ).rejects.toThrow("refused after the write");
    const user = await t.db.kysely
      .selectFrom("users")
      .select("firstName")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(user.firstName).toBe("Test");
    expect(await historyOf(account.guidId)).toEqual([]);
  });

  it("commits the change and its row together", async () => {
    const account = await t.createAccount({ role: "Staff" });
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ firstName: "Together" }).where("id", "=", account.id).execute();
      await recordAudit(trx, {
        context,
        action: "update",
        entity: "user",
        entityId: account.guidId,
        changes: changesBetween({ firstName: "Test" }, { firstName: "Together" }, ["firstName"]),
        at: new Date(),
      });
    });
    expect(await historyOf(account.guidId)).toEqual([
      expect.objectContaining({
        action: "update",
        // No account has the actor's guid: its kind is unknown.
        actor: { ...context.actor, kind: null },
        requestId: "req-1",
        ip: "127.0.0.1",
        changes: { firstName: { from: "Test", to: "Together" } },
      }),
    ]);
  });
});

describe("immutability", () => {
  it("refuses UPDATE and DELETE of audit rows in the database itself", async () => {
    const count = async () => (await t.db.kysely.selectFrom("auditLog").select("id").execute()).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(sql`update audit_log set action = 'tampered'`.execute(t.db.kysely)).rejects.toThrow(
      AUDIT_IMMUTABLE_MESSAGE,
    );
    await expect(sql`delete from audit_log`.execute(t.db.kysely)).rejects.toThrow(AUDIT_IMMUTABLE_MESSAGE);
    expect(await count()).toBe(before);
    const tampered = await t.db.kysely
      .selectFrom("auditLog")
      .select("id")
      .where("action", "=", "tampered")
      .execute();
    expect(tampered).toEqual([]);
  });

  it("has no route that changes or removes a row", () => {
    const writes = t.routes.filter(
      (route) =>
        route.url.startsWith("/api/v2/audit") &&
        [route.method].flat().some((m) => m !== "GET" && m !== "HEAD"),
    );
    expect(writes).toEqual([]);
  });
});

describe("reading the history", () => {
  it("lets Staff read one record's history but not the feed or the export", async () => {
    const own = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit",
      query: { entity: "user", entityId: staff.user.guidId },
      headers: staff.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data[0]).toMatchObject({ action: "sign-in", entityId: staff.user.guidId });

    for (const query of [
      {},
      { entity: "user" },
      { entityId: staff.user.guidId },
      { actorId: admin.user.guidId },
    ]) {
      const refused = await t.app.inject({
        method: "GET",
        url: "/api/v2/audit",
        query: query as Record<string, string>,
        headers: staff.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(auditMessages.recordNeeded);
    }
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit/export",
      headers: staff.headers,
    });
    expect(exported.statusCode).toBe(403);
  });

  it("answers 400 with the field named for bad filters", async () => {
    for (const [query, field] of [
      [{ action: "dance" }, "action"],
      [{ entity: "spaceship" }, "entity"],
      [{ from: "yesterday" }, "from"],
      [{ from: "2026-02-01", to: "2026-01-01" }, "to"],
      [{ cursor: "page-2" }, "cursor"],
      [{ cursor: "2026-02-30T00:00:00.000Z~7" }, "cursor"],
      [{ pageSize: "1000" }, "pageSize"],
    ] as const) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/v2/audit",
        query,
        headers: admin.headers,
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {})).toContain(field);
    }
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit",
      query: { action: "drop" },
      headers: admin.headers,
    });
    expect(unknown.json().fieldErrors).toEqual({ action: auditMessages.unknownAction });
  });

  it("says which kind of account each row about an account is: internal or app user, by its role", async () => {
    const colleague = await t.signIn("Staff");
    const customer = await t.createAccount({ role: "AppUser" });
    const context = { actor: { guidId: admin.user.guidId, name: "Admin" }, requestId: null, ip: null };
    await recordAudit(t.db.kysely, {
      context,
      action: "update",
      entity: "user",
      entityId: customer.guidId,
      changes: { firstName: { from: "Test", to: "Changed" } },
      at: new Date(),
    });
    const task = await t.app.inject({
      method: "POST",
      url: "/api/v2/tasks",
      headers: admin.headers,
      payload: {
        title: "Call the customer",
        dueDate: "2031-01-10",
        entity: "user",
        entityId: customer.guidId,
      },
    });
    expect(task.statusCode, task.body).toBe(201);
    const note = await t.app.inject({
      method: "POST",
      url: "/api/v2/notes",
      headers: admin.headers,
      payload: { entity: "user", entityId: customer.guidId, text: "Prefers calls" },
    });
    expect(note.statusCode, note.body).toBe(201);

    const rows = await feed({ from: new Date(Date.now() - 60_000).toISOString() });
    const kindOf = (match: (row: (typeof rows)[number]) => boolean) => rows.find(match)?.account;
    const internal = { kind: "internal", email: colleague.user.email };
    const appUser = { kind: "app-user", email: customer.email };
    // The colleague's own sign-in.
    expect(kindOf((row) => row.action === "sign-in" && row.entityId === colleague.user.guidId)).toEqual(
      internal,
    );
    // A change to the customer, a note on the customer and a task about the customer.
    expect(kindOf((row) => row.entity === "note" && row.action === "create")).toEqual(appUser);
    expect(kindOf((row) => row.action === "update" && row.entityId === customer.guidId)).toEqual(appUser);
    expect(kindOf((row) => row.action === "task-create" && row.subject === "Call the customer")).toEqual(
      appUser,
    );
    // A row about no account says none.
    const loose = await t.app.inject({
      method: "POST",
      url: "/api/v2/tasks",
      headers: admin.headers,
      payload: { title: "Tidy the desk", dueDate: "2031-01-10" },
    });
    expect(loose.statusCode, loose.body).toBe(201);
    const [looseRow] = await feed({ entity: "task", entityId: loose.json().id });
    expect(looseRow).toMatchObject({ subject: "Tidy the desk", account: null });
  });

  it("pages newest first and filters by actor, action and time", async () => {
    const account = await t.createAccount({ role: "Staff" });
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: account.email, password: `wrong-${i}` },
      });
    }
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: account.email, password: account.password },
    });
    expect(signedIn.statusCode).toBe(200);

    const first = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit",
      query: { entity: "user", entityId: account.guidId, pageSize: "3" },
      headers: admin.headers,
    });
    const { nextCursor } = first.json();
    expect(nextCursor).toEqual(expect.any(String));
    expect(first.json()).not.toHaveProperty("total");
    expect(first.json().data.map((row: { action: string }) => row.action)).toEqual([
      "sign-in",
      "sign-in-failed",
      "sign-in-failed",
    ]);
    const second = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit",
      query: { entity: "user", entityId: account.guidId, pageSize: "3", cursor: nextCursor },
      headers: admin.headers,
    });
    expect(second.json()).toMatchObject({ nextCursor: null });
    expect(second.json().data.map((row: { action: string }) => row.action)).toEqual(["sign-in-failed"]);

    const byActor = await feed({ actorId: account.guidId });
    expect(byActor.map((row) => row.action)).toEqual(["sign-in"]);
    expect(await feed({ entity: "user", entityId: account.guidId, action: "sign-in-failed" })).toHaveLength(
      3,
    );
    expect(await feed({ entity: "user", entityId: account.guidId, from: "2999-01-01" })).toEqual([]);
    expect(await feed({ entity: "user", entityId: account.guidId, to: "2000-01-01" })).toEqual([]);
  });
});

describe("CSV export", () => {
  it("walks every matching row exactly once across batches, newest first, rows of the same instant included", async () => {
    const entityId = randomUUID();
    const at = new Date("2026-03-01T12:00:00Z");
    for (let n = 0; n < 5; n += 1) {
      await recordAudit(t.db.kysely, {
        context: { actor: null, requestId: `batch-${n}`, ip: null },
        action: "update",
        entity: "consultant",
        entityId,
        // Three rows share one instant: only the id can tell them apart.
        at: n < 3 ? at : new Date(at.getTime() + n * 1000),
      });
    }
    const seen: string[] = [];
    for await (const rows of auditRowsInBatches(t.db.kysely, { entity: "consultant", entityId }, 2)) {
      seen.push(...rows.map((row) => row.requestId ?? ""));
    }
    expect(seen).toEqual(["batch-4", "batch-3", "batch-2", "batch-1", "batch-0"]);
  });

  it("streams a CSV with a byte order mark, a header row and formula-neutralised cells, and is itself audited", async () => {
    // A name a spreadsheet would run as a formula, recorded as an actor's name.
    const entityId = randomUUID();
    await recordAudit(t.db.kysely, {
      context: {
        actor: { guidId: randomUUID(), name: '=HYPERLINK("http://evil")' },
        requestId: "+req",
        ip: "-1",
      },
      action: "update",
      entity: "consultant",
      entityId,
      changes: { name: { from: "@old", to: "new" } },
      at: new Date(),
    });
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit/export",
      query: { entity: "consultant", entityId },
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split("\n");
    expect(lines[0]).toBe(
      "id,at,actorGuidId,actorName,action,entity,entityId,aboutEntity,aboutEntityId,subject,changes,requestId,ip",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(",'+req,'-1");
    expect(lines[1]).toContain(entityId);

    const [exportRow] = await feed({ action: "export" });
    expect(exportRow).toMatchObject({
      actor: { guidId: admin.user.guidId },
      entity: "audit",
      changes: { filter: { from: null, to: { entity: "consultant", entityId } } },
    });
  });
});
