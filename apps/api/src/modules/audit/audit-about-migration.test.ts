import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_IMMUTABLE_MESSAGE } from "#api/db/migrations/015-audit-log";
import { auditAboutMigration } from "#api/db/migrations/020-audit-about";
import { createTestApp, type TestApp } from "#test/helpers";

/**
 * Migration 020 runs on an audit table that already holds rows and refuses UPDATE and DELETE: adding the
 * columns rewrites no row, so the rows stay as they were and the table still refuses to change them.
 */
let t: TestApp;
beforeAll(async () => {
  // Before 024, whose audit trigger names the columns this test takes away to stand for the old table.
  t = await createTestApp({ migrateUntil: "023-search-in-step" });
});
afterAll(() => t.close());

describe("migration 020 on a filled audit table", () => {
  it("adds the link columns and their index, keeps every row, and the rows stay unchangeable", async () => {
    await t.signIn("Staff");
    // The table as it was before 020, with rows in it.
    await sql`drop index audit_log_about`.execute(t.db.kysely);
    for (const column of ["about_entity", "about_entity_id", "subject"]) {
      await sql.raw(`alter table audit_log drop column ${column}`).execute(t.db.kysely);
    }
    const before = await sql<{
      id: number | string;
      action: string;
    }>`select id, action from audit_log order by id`.execute(t.db.kysely);
    expect(before.rows.length).toBeGreaterThan(0);

    await auditAboutMigration().up?.(t.db.kysely);

    const after = await t.db.kysely
      .selectFrom("auditLog")
      .select(["id", "action", "aboutEntity", "aboutEntityId", "subject"])
      .orderBy("id")
      .execute();
    expect(after).toEqual(
      before.rows.map((row) => ({ ...row, aboutEntity: null, aboutEntityId: null, subject: null })),
    );
    await expect(sql`update audit_log set subject = 'tampered'`.execute(t.db.kysely)).rejects.toThrow(
      AUDIT_IMMUTABLE_MESSAGE,
    );
    await expect(sql`delete from audit_log`.execute(t.db.kysely)).rejects.toThrow(AUDIT_IMMUTABLE_MESSAGE);
    // New rows are written with their link, and found through it.
    const staff = await t.signIn("Staff");
    const customer = await t.createAccount({ role: "AppUser" });
    const task = await t.app.inject({
      method: "POST",
      url: "/api/v2/tasks",
      headers: staff.headers,
      payload: {
        title: "After the migration",
        dueDate: "2031-01-10",
        entity: "user",
        entityId: customer.guidId,
      },
    });
    expect(task.statusCode, task.body).toBe(201);
    const history = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit",
      query: { entity: "user", entityId: customer.guidId },
      headers: staff.headers,
    });
    expect(history.json().data.map((row: { action: string }) => row.action)).toEqual(["task-create"]);
  });
});
