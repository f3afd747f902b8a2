import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "#test/appointments";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

/**
 * Who sees which task: an Admin every task; anyone else their own (assigned to them or created by them) and
 * the tasks about a record. Another's task about nothing is answered as missing on every path.
 */
let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
let privateTask: string;
let linkedTask: string;
let givenTask: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("Admin");
  staff = await t.signIn("Staff");
  const consultant = await insertConsultant(t);
  const add = async (as: SignedIn, payload: Record<string, unknown>) => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v2/tasks",
      headers: as.headers,
      payload: { dueDate: "2030-01-01", ...payload },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  privateTask = await add(admin, { title: "Admin's own", notes: "Salary review" });
  linkedTask = await add(admin, {
    title: "About a consultant",
    entity: "consultant",
    entityId: consultant.guidId,
  });
  // Created by Staff for the Admin: the creator keeps seeing it.
  givenTask = await add(staff, { title: "For the Admin", assignee: admin.user.guidId });
});
afterAll(() => t.close());

const list = async (as: SignedIn, query: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/api/v2/tasks", query, headers: as.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<{ id: string }>; total: number };
};

describe("who sees which task", () => {
  it("lists another's tasks to Staff only where the task is theirs too or about a record", async () => {
    const asked = await list(staff, { assignee: admin.user.guidId, pageSize: "50" });
    expect(asked.data.map((task) => task.id).sort()).toEqual([linkedTask, givenTask].sort());
    expect(asked.total).toBe(2);
    expect(JSON.stringify(asked)).not.toContain("Salary review");
  });

  it("lists every task of the Admin to the Admin", async () => {
    const own = await list(admin, { pageSize: "50" });
    expect(own.data.map((task) => task.id).sort()).toEqual([privateTask, linkedTask, givenTask].sort());
  });

  it("answers another's task about nothing as missing to Staff, on edit and delete", async () => {
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/v2/tasks/${privateTask}`,
      headers: staff.headers,
      payload: { done: true },
    });
    expect(edited.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/tasks/${privateTask}`,
      headers: staff.headers,
    });
    expect(deleted.statusCode).toBe(404);
    // Seen but not theirs: refused as before.
    const linked = await t.app.inject({
      method: "PUT",
      url: `/api/v2/tasks/${linkedTask}`,
      headers: staff.headers,
      payload: { done: true },
    });
    expect(linked.statusCode).toBe(403);
    expect((await list(admin, {})).data.map((task) => task.id)).toContain(privateTask);
  });
});
