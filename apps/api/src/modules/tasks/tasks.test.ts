import { taskMessages } from "@visadesk/contract/tasks-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "#test/appointments";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = SignedIn["headers"];
const post = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/v2/tasks", headers, payload });
const list = async (headers: Headers, query = "") => {
  const response = await t.app.inject({ method: "GET", url: `/api/v2/tasks${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const put = (headers: Headers, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/v2/tasks/${id}`, headers, payload });

describe("tasks", () => {
  it("keeps a task, assigned to its creator by default, and answers it on a later ask", async () => {
    const staff = await t.signIn("Staff");
    const created = await post(staff.headers, {
      title: "  Call the applicant back  ",
      dueDate: "2030-05-01",
      notes: "About the missing bank statement",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: "Call the applicant back",
      dueDate: "2030-05-01",
      notes: "About the missing bank statement",
      assignee: { guidId: staff.user.guidId },
      createdBy: { guidId: staff.user.guidId },
      done: false,
      overdue: false,
      link: null,
    });
    // A new session (signing in again) finds it.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: staff.user.email, password: staff.user.password },
    });
    const token = again.json().accessToken as string;
    const cookie = again.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const mine = await list({ authorization: `Bearer ${token}`, cookie });
    expect(mine.data.map((task: { title: string }) => task.title)).toEqual(["Call the applicant back"]);
    expect(mine.total).toBe(1);
  });

  it("belongs to its assignee: it is theirs, not the creator's, and lists overdue ones first", async () => {
    const admin = await t.signIn("Admin");
    const staff = await t.signIn("Staff");
    for (const [title, dueDate] of [
      ["Later", "2031-01-01"],
      ["Overdue", "2020-01-01"],
      ["Soon", "2030-01-01"],
    ]) {
      const answer = await post(admin.headers, { title, dueDate, assignee: staff.user.guidId });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    expect((await list(admin.headers)).data).toEqual([]);
    const theirs = await list(staff.headers);
    expect(theirs.data.map((task: { title: string }) => task.title)).toEqual(["Overdue", "Soon", "Later"]);
    expect(theirs.data[0].overdue).toBe(true);
    const asked = await list(admin.headers, `?assignee=${staff.user.guidId}`);
    expect(asked.total).toBe(3);
  });

  it("marks done, reopens and edits; status filters; deletes", async () => {
    const staff = await t.signIn("Staff");
    const { id } = (await post(staff.headers, { title: "Check fees", dueDate: "2030-02-02" })).json();
    const done = await put(staff.headers, id, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ done: true, doneAt: expect.any(String) });
    expect((await list(staff.headers, "?status=open")).total).toBe(0);
    expect((await list(staff.headers, "?status=done")).total).toBe(1);
    const reopened = await put(staff.headers, id, { done: false, title: "Check all fees" });
    expect(reopened.json()).toMatchObject({ done: false, doneAt: null, title: "Check all fees" });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/tasks/${id}`,
      headers: staff.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(staff.headers)).total).toBe(0);
  });

  it("lets only the creator, the assignee or an Admin change or delete a task", async () => {
    const owner = await t.signIn("Staff");
    const other = await t.signIn("Staff");
    const admin = await t.signIn("Admin");
    // About a record, so the other Staff member sees it but may not change it.
    const consultant = await insertConsultant(t);
    const { id } = (
      await post(owner.headers, {
        title: "Shared",
        dueDate: "2030-03-03",
        entity: "consultant",
        entityId: consultant.guidId,
      })
    ).json();
    const refused = await put(other.headers, id, { done: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(taskMessages.notYours);
    const refusedDelete = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/tasks/${id}`,
      headers: other.headers,
    });
    expect(refusedDelete.statusCode).toBe(403);
    expect((await list(owner.headers)).data[0].done).toBe(false);
    expect((await put(admin.headers, id, { done: true })).statusCode).toBe(200);
    const missing = await put(owner.headers, "no-such-task", { done: true });
    expect(missing.statusCode).toBe(404);
  });

  it("links a task to a record and lists that record's tasks", async () => {
    const staff = await t.signIn("Staff");
    const customer = await t.createAccount({ role: "AppUser" });
    const linked = await post(staff.headers, {
      title: "Verify CNIC",
      dueDate: "2030-04-04",
      entity: "user",
      entityId: customer.guidId,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().link).toEqual({ entity: "user", entityId: customer.guidId });
    const other = await t.signIn("Staff");
    const ofRecord = await list(other.headers, `?entity=user&entityId=${customer.guidId}`);
    expect(ofRecord.data.map((task: { title: string }) => task.title)).toEqual(["Verify CNIC"]);
  });

  it("refuses bad input with a message per field", async () => {
    const staff = await t.signIn("Staff");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: " ", dueDate: "2030-01-01" }, "title", taskMessages.titleRequired],
      [{ title: "x".repeat(201), dueDate: "2030-01-01" }, "title", taskMessages.titleTooLong],
      [{ title: "Ok", dueDate: "tomorrow" }, "dueDate", taskMessages.dueDateInvalid],
      [{ title: "Ok", dueDate: "2030-01-01", notes: "n".repeat(2001) }, "notes", taskMessages.notesTooLong],
      [{ title: "Ok", dueDate: "2030-01-01", entity: "user" }, "entityId", taskMessages.linkIncomplete],
      [
        {
          title: "Ok",
          dueDate: "2030-01-01",
          entity: "consultant",
          entityId: "00000000-0000-0000-0000-000000000000",
        },
        "entityId",
        taskMessages.linkUnknown,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await post(staff.headers, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().fieldErrors[field]).toBe(message);
    }
    // A task is about a consultant, an app user or an appointment: not about a staff account.
    const internal = await post(staff.headers, {
      title: "Ok",
      dueDate: "2030-01-01",
      entity: "user",
      entityId: staff.user.guidId,
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().fieldErrors.entityId).toBe(taskMessages.linkUnknown);
    const appUser = await t.createAccount({ role: "AppUser" });
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    for (const assignee of [appUser.guidId, pending.guidId]) {
      const answer = await post(staff.headers, { title: "Ok", dueDate: "2030-01-01", assignee });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fieldErrors.assignee).toBe(taskMessages.assigneeUnknown);
    }
    expect((await list(staff.headers)).total).toBe(0);
  });
});
