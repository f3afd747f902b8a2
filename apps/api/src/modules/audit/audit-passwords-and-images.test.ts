import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { PNG_1PX } from "#test/fixtures";
import { feed, historyOf, staff, t, tableText, useAuditApp } from "./audit-test-app";

/** The audit log of password resets and changes, and of views of CNIC images. */
useAuditApp();

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
