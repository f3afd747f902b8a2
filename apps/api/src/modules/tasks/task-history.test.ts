import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "#test/appointments";
import { historyOf as readHistory } from "#test/builders";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

/** No field of a row may be listed as a change with the same value before and after. */
function expectOnlyChanges(rows: Array<{ changes: Record<string, unknown> }>) {
  for (const row of rows) {
    for (const [field, change] of Object.entries(row.changes)) {
      if (change && typeof change === "object" && "from" in change && "to" in change) {
        expect(JSON.stringify(change.from), `unchanged ${field} listed`).not.toBe(JSON.stringify(change.to));
      }
    }
  }
}

/**
 * Every change to a task writes a row of the task, in the transaction of the change, listing only what
 * changed; the row names the task's title and the record it is linked to, whose history shows it too.
 */
let t: TestApp;
let staff: SignedIn;
let colleague: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn("Staff");
  colleague = await t.signIn("Staff");
});
afterAll(() => t.close());

const historyOf = (entity: string, entityId: string) => readHistory(t.app, staff.headers, entity, entityId);

const call = (as: SignedIn, method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/tasks${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

describe("a task's history", () => {
  it("records adding, editing, completing, reopening and deleting a task as rows of the task, shown in its record's history", async () => {
    const consultant = await insertConsultant(t);
    const created = await call(staff, "POST", "", {
      title: "Check the fee",
      dueDate: "2030-06-01",
      notes: "Ask about the new fee",
      entity: "consultant",
      entityId: consultant.guidId,
      assignee: colleague.user.guidId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const colleagueName = created.json().assignee.name as string;

    const added = await historyOf("consultant", consultant.guidId);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: "task-create",
      actor: { guidId: staff.user.guidId },
      entity: "task",
      entityId: id,
      about: { entity: "consultant", entityId: consultant.guidId },
      subject: "Check the fee",
    });
    expect(added[0]?.changes).toEqual({
      title: { from: null, to: "Check the fee" },
      dueDate: { from: null, to: "2030-06-01" },
      notes: { from: null, to: "Ask about the new fee" },
      assignee: { from: null, to: colleagueName },
      record: { from: null, to: { entity: "consultant", entityId: consultant.guidId } },
    });

    expect((await call(colleague, "PUT", `/${id}`, { dueDate: "2030-06-03" })).statusCode).toBe(200);
    expect((await call(colleague, "PUT", `/${id}`, { done: true })).statusCode).toBe(200);
    expect((await call(staff, "PUT", `/${id}`, { done: false, title: "Check both fees" })).statusCode).toBe(
      200,
    );
    expect((await call(staff, "DELETE", `/${id}`)).statusCode).toBe(200);

    const rows = await historyOf("consultant", consultant.guidId);
    expect(rows.map((row) => [row.action, row.actor?.guidId])).toEqual([
      ["task-delete", staff.user.guidId],
      ["task-reopen", staff.user.guidId],
      ["task-complete", colleague.user.guidId],
      ["task-update", colleague.user.guidId],
      ["task-create", staff.user.guidId],
    ]);
    expectOnlyChanges(rows);
    // Every row is the task's, names it by its title then, and lists only what changed.
    expect(rows.map((row) => [row.entity, row.entityId, row.subject])).toEqual([
      ["task", id, "Check both fees"],
      ["task", id, "Check both fees"],
      ["task", id, "Check the fee"],
      ["task", id, "Check the fee"],
      ["task", id, "Check the fee"],
    ]);
    const [deleted, reopened, completed, edited] = rows;
    expect(edited?.changes).toEqual({ dueDate: { from: "2030-06-01", to: "2030-06-03" } });
    expect(completed?.changes).toEqual({});
    expect(reopened?.changes).toEqual({ title: { from: "Check the fee", to: "Check both fees" } });
    // A deletion lists what was removed.
    expect(deleted?.changes).toEqual({
      title: { from: "Check both fees", to: null },
      dueDate: { from: "2030-06-03", to: null },
      notes: { from: "Ask about the new fee", to: null },
      assignee: { from: colleagueName, to: null },
      record: { from: { entity: "consultant", entityId: consultant.guidId }, to: null },
    });
    // The task's own history holds the same rows, the deleted task's included.
    expect((await historyOf("task", id)).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });

  it("keeps each row in the history of the record the task was linked to then, after a move", async () => {
    const consultant = await insertConsultant(t);
    const customer = await t.createAccount({ role: "AppUser" });
    const { id } = (
      await call(staff, "POST", "", {
        title: "Move me",
        dueDate: "2030-07-01",
        entity: "consultant",
        entityId: consultant.guidId,
      })
    ).json();
    const moved = await call(staff, "PUT", `/${id}`, { entity: "user", entityId: customer.guidId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().link).toEqual({ entity: "user", entityId: customer.guidId });
    const rows = await historyOf("user", customer.guidId);
    expect(rows.map((row) => [row.subject, row.changes])).toEqual([
      [
        "Move me",
        {
          record: {
            from: { entity: "consultant", entityId: consultant.guidId },
            to: { entity: "user", entityId: customer.guidId },
          },
        },
      ],
    ]);
    // The row written while it was the consultant's stays in the consultant's history.
    expect((await historyOf("consultant", consultant.guidId)).map((row) => row.action)).toEqual([
      "task-create",
    ]);
    const unlinked = await call(staff, "PUT", `/${id}`, { entity: null, entityId: null });
    expect(unlinked.json().link).toBeNull();
    // Unlinking is told to the record it leaves.
    expect((await historyOf("user", customer.guidId)).map((row) => row.action)).toEqual([
      "task-update",
      "task-update",
    ]);
    const own = await historyOf("task", id);
    expect(own.map((row) => row.action)).toEqual(["task-update", "task-update", "task-create"]);
    expectOnlyChanges(own);
  });

  it("gives a task about no record a history of its own; a save that changes nothing writes none", async () => {
    const { id } = (await call(staff, "POST", "", { title: "Tidy the inbox", dueDate: "2030-08-01" })).json();
    expect((await call(staff, "PUT", `/${id}`, { title: "Tidy the inbox" })).statusCode).toBe(200);
    expect((await call(staff, "PUT", `/${id}`, { notes: "Before Friday" })).statusCode).toBe(200);
    // Notes left out of a later edit stay as they were.
    const edited = await call(staff, "PUT", `/${id}`, { dueDate: "2030-08-02" });
    expect(edited.json().notes).toBe("Before Friday");
    const rows = await historyOf("task", id);
    expect(rows.map((row) => row.action)).toEqual(["task-update", "task-update", "task-create"]);
    expect(rows.map((row) => row.about)).toEqual([null, null, null]);
    expect(rows[1]?.changes).toEqual({ notes: { from: null, to: "Before Friday" } });
    expectOnlyChanges(rows);
  });

  it("writes no row for a refused change, and none for a change that fails with its row", async () => {
    const consultant = await insertConsultant(t);
    const { id } = (
      await call(staff, "POST", "", {
        title: "Refused",
        dueDate: "2030-09-01",
        entity: "consultant",
        entityId: consultant.guidId,
      })
    ).json();
    const stranger = await t.signIn("Staff");
    expect((await call(stranger, "PUT", `/${id}`, { done: true })).statusCode).toBe(403);
    expect((await call(stranger, "DELETE", `/${id}`)).statusCode).toBe(403);
    expect((await call(staff, "PUT", `/${id}`, { dueDate: "someday" })).statusCode).toBe(400);
    expect((await historyOf("consultant", consultant.guidId)).map((row) => row.action)).toEqual([
      "task-create",
    ]);

    // The database refuses this record's next history row: the delete must roll back with it.
    const pg = t.db.dialect === "postgres";
    const when = `new.about_entity_id = '${consultant.guidId}'`;
    if (pg) {
      await sql
        .raw(
          "create function refuse_task_row() returns trigger language plpgsql as $$ begin " +
            "raise exception 'audit row refused'; end $$",
        )
        .execute(t.db.kysely);
      await sql
        .raw(
          `create trigger refuse_task_row before insert on audit_log for each row when (${when}) ` +
            "execute function refuse_task_row()",
        )
        .execute(t.db.kysely);
    } else {
      await sql
        .raw(
          `create trigger refuse_task_row before insert on audit_log when ${when} ` +
            "begin select raise(abort, 'audit row refused'); end",
        )
        .execute(t.db.kysely);
    }
    try {
      expect((await call(staff, "DELETE", `/${id}`)).statusCode).toBe(500);
    } finally {
      await sql.raw(`drop trigger refuse_task_row${pg ? " on audit_log" : ""}`).execute(t.db.kysely);
      if (pg) await sql.raw("drop function refuse_task_row()").execute(t.db.kysely);
    }
    const still = await t.app.inject({
      method: "GET",
      url: `/api/v2/tasks?entity=consultant&entityId=${consultant.guidId}`,
      headers: staff.headers,
    });
    expect(still.json().data.map((task: { title: string }) => task.title)).toEqual(["Refused"]);
    expect(await historyOf("consultant", consultant.guidId)).toHaveLength(1);
  });
});
