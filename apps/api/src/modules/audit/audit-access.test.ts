import { auditMessages } from "@visadesk/contract/audit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "#test/appointments";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

/**
 * Who may read which history: Staff read the history of consultants, appointments, notes, app users, their
 * own account and the tasks they may see; an internal account's history (sign-ins with addresses) is its
 * own and the Admins'.
 */
let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("Admin");
  staff = await t.signIn("Staff");
  // A failed sign-in on the Admin's account: a row with the address it came from.
  await t.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: { email: admin.user.email, password: "not the password at all" },
  });
});
afterAll(() => t.close());

const history = (as: SignedIn, entity: string, entityId: string) =>
  t.app.inject({ method: "GET", url: "/api/v2/audit", query: { entity, entityId }, headers: as.headers });
const task = async (as: SignedIn, payload: Record<string, unknown>) => {
  const created = await t.app.inject({
    method: "POST",
    url: "/api/v2/tasks",
    headers: as.headers,
    payload: { title: "Task", dueDate: "2030-01-01", ...payload },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
};
const remove = (as: SignedIn, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/v2/tasks/${id}`, headers: as.headers });

describe("reading a record's history", () => {
  it("refuses Staff an internal account's history and gives it to an Admin and the account itself", async () => {
    const colleague = await t.createAccount({ role: "Staff" });
    for (const guid of [admin.user.guidId, colleague.guidId, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await history(staff, "user", guid);
      expect(refused.statusCode, guid).toBe(403);
      expect(refused.json().message).toBe(auditMessages.adminOnly);
      expect(refused.body).not.toContain("127.0.0.1");
    }
    const adminsOwn = await history(admin, "user", admin.user.guidId);
    expect(adminsOwn.statusCode).toBe(200);
    expect(adminsOwn.json().data.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(["sign-in", "sign-in-failed"]),
    );
    const staffsOwn = await history(staff, "user", staff.user.guidId);
    expect(staffsOwn.statusCode).toBe(200);
    expect(staffsOwn.json().data[0]).toMatchObject({ action: "sign-in" });
  });

  it("still gives Staff the history of app users, consultants and appointments", async () => {
    const appUser = await t.createAccount({ role: "AppUser" });
    const consultant = await insertConsultant(t);
    expect((await history(staff, "user", appUser.guidId)).statusCode).toBe(200);
    expect((await history(staff, "consultant", consultant.guidId)).statusCode).toBe(200);
  });

  it("keeps sessions, settings, files and exports to Admins", async () => {
    for (const entity of ["session", "settings", "file", "audit"]) {
      expect((await history(staff, entity, "any")).statusCode, entity).toBe(403);
      expect((await history(admin, entity, "any")).statusCode, entity).toBe(200);
    }
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/v2/audit/export",
      headers: staff.headers,
    });
    expect(exported.statusCode).toBe(403);
  });

  it("gives Staff a task's history only when they may see the task, deleted or not", async () => {
    const consultant = await insertConsultant(t);
    const adminsPrivate = await task(admin, { notes: "Private to the Admin" });
    const adminsLinked = await task(admin, { entity: "consultant", entityId: consultant.guidId });
    const staffsOwn = await task(staff, {});
    expect((await history(staff, "task", adminsPrivate)).statusCode).toBe(403);
    expect((await history(admin, "task", adminsPrivate)).statusCode).toBe(200);
    expect((await history(staff, "task", adminsLinked)).statusCode).toBe(200);
    expect((await history(staff, "task", staffsOwn)).statusCode).toBe(200);

    expect((await remove(admin, adminsPrivate)).statusCode).toBe(200);
    expect((await remove(staff, staffsOwn)).statusCode).toBe(200);
    const deletedPrivate = await history(staff, "task", adminsPrivate);
    expect(deletedPrivate.statusCode).toBe(403);
    expect(deletedPrivate.body).not.toContain("Private to the Admin");
    expect((await history(staff, "task", staffsOwn)).statusCode).toBe(200);
  });
});
