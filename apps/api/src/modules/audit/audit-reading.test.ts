import { randomUUID } from "node:crypto";
import { auditMessages } from "@visadesk/contract/audit";
import { describe, expect, it } from "vitest";
import { admin, feed, staff, t, useAuditApp } from "./audit-test-app";
import { auditRowsInBatches } from "./repository";
import { recordAudit } from "./service";

/** Reading the audit log: who may read what, its filters, its pages and its CSV export. */
useAuditApp();

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
