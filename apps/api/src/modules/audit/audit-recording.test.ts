import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { AUDIT_IMMUTABLE_MESSAGE } from "#api/db/migrations/015-audit-log";
import { historyOf, t, useAuditApp } from "./audit-test-app";
import { changesBetween, recordAudit } from "./service";

/** How a change and its audit row are written together, and that no row can be changed or removed. */
useAuditApp();

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
