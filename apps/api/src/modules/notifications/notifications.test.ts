import { randomUUID } from "node:crypto";
import { notificationMessages } from "@visadesk/contract/notifications";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentWindow } from "#api/lib/schedule";
import { createTestApp, type SignedIn, type TestApp, testClock } from "#test/helpers";

const clock = testClock(new Date("2030-06-10T08:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "UTC" } });
});
afterAll(() => t.close());

type Headers = SignedIn["headers"];
interface Item {
  id: string;
  kind: string;
  title: string;
  text: string;
  read: boolean;
  link: { path: string; records: { entity: string; entityId: string }[] };
}
const notifications = async (headers: Headers): Promise<{ data: Item[]; unread: number }> => {
  const response = await t.app.inject({ method: "GET", url: "/api/v2/notifications", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const about = (items: Item[], guidId: string) =>
  items.filter((item) => item.link.records.some((r) => r.entityId === guidId));

async function appointment(startsIn: { date: string; time: string }, confirmed = false) {
  const customer = await t.createAccount({ role: "AppUser" });
  const now = clock.now().toISOString();
  const consultant = await t.db.kysely
    .insertInto("consultants")
    .values({
      guidId: randomUUID(),
      name: "Notice Consultant",
      businessName: "Notice Visas",
      contactEmail: "notice@example.com",
      phoneNumber: "+92 300 0000000",
      isApproved: true,
      isPremium: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto("appointments")
    .values({
      guidId: randomUUID(),
      userId: customer.id,
      userEmail: customer.email,
      consultantId: consultant.id,
      appointmentDate: startsIn.date,
      appointmentTime: startsIn.time,
      ...appointmentWindow(startsIn.date, startsIn.time, "UTC"),
      description: "Work visa",
      isConfirmed: confirmed,
      isCancelled: false,
      isPaid: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning(["id", "guidId"])
    .executeTakeFirstOrThrow();
  return row;
}

const bulk = (headers: Headers, action: string, id: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/userAppointment/bulk",
    headers,
    payload: { action, ids: [id] },
  });

describe("notifications", () => {
  it("tells Admins, not Staff, of a registration waiting, until it is approved", async () => {
    const admin = await t.signIn("Admin");
    const staff = await t.signIn("Staff");
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const forAdmin = about((await notifications(admin.headers)).data, pending.guidId);
    expect(forAdmin).toEqual([
      expect.objectContaining({
        id: `registration.${pending.guidId}`,
        kind: "registration",
        title: "Registration waiting for approval",
        read: false,
      }),
    ]);
    expect(forAdmin[0]?.text).toContain(pending.email);
    expect(forAdmin[0]?.link.path).toMatch(/^\/internal-users\/[0-9a-f-]{36}$/);
    expect(about((await notifications(staff.headers)).data, pending.guidId)).toEqual([]);

    const approved = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${pending.guidId}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect(about((await notifications(admin.headers)).data, pending.guidId)).toEqual([]);
  });

  it("tells of an appointment in the next 24 hours still unconfirmed, until it is confirmed", async () => {
    const staff = await t.signIn("Staff");
    const soon = await appointment({ date: "2030-06-10", time: "15:00:00" });
    const later = await appointment({ date: "2030-06-12", time: "15:00:00" });
    const items = (await notifications(staff.headers)).data;
    expect(about(items, soon.guidId).map((item) => item.kind)).toEqual(["appointment-unconfirmed"]);
    expect(about(items, soon.guidId)[0]?.text).toContain("2030-06-10 at 15:00");
    expect(about(items, later.guidId)).toEqual([]);
    expect((await bulk(staff.headers, "confirm", soon.guidId)).statusCode).toBe(200);
    expect(about((await notifications(staff.headers)).data, soon.guidId)).toEqual([]);
  });

  it("tells of a failed reminder mail, until the appointment is cancelled", async () => {
    const staff = await t.signIn("Staff");
    const booked = await appointment({ date: "2030-06-11", time: "12:00:00" }, true);
    await t.db.kysely
      .insertInto("appointmentReminders")
      .values({
        appointmentId: booked.id,
        hoursBefore: 24,
        dueAt: "2030-06-10T12:00:00.000Z",
        state: "failed",
        attempts: 3,
        nextAttemptAt: "2030-06-10T07:00:00.000Z",
        failureReason: "Mailbox unavailable",
        createdAt: "2030-06-09T12:00:00.000Z",
      })
      .execute();
    const failed = about((await notifications(staff.headers)).data, booked.guidId);
    expect(failed.map((item) => [item.kind, item.title])).toEqual([
      ["reminder-failed", "Reminder mail failed"],
    ]);
    expect(failed[0]?.text).toContain("Mailbox unavailable");
    expect((await bulk(staff.headers, "cancel", booked.guidId)).statusCode).toBe(200);
    expect(about((await notifications(staff.headers)).data, booked.guidId)).toEqual([]);
  });

  it("tells the assignee of a task given by someone else and of tasks due today, until done", async () => {
    const admin = await t.signIn("Admin");
    const staff = await t.signIn("Staff");
    const post = (headers: Headers, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/v2/tasks", headers, payload });
    const given = (
      await post(admin.headers, {
        title: "Call the embassy",
        dueDate: "2030-06-20",
        assignee: staff.user.guidId,
      })
    ).json();
    const own = (await post(staff.headers, { title: "File the report", dueDate: "2030-06-10" })).json();
    const ownLater = (await post(staff.headers, { title: "Someday", dueDate: "2030-07-10" })).json();

    const kinds = (await notifications(staff.headers)).data.map((item) => [item.kind, item.text]);
    expect(kinds).toContainEqual(["task-assigned", expect.stringContaining("Call the embassy")]);
    expect(kinds).toContainEqual(["task-due", expect.stringContaining("File the report")]);
    expect(kinds.some(([, text]) => text?.includes("Someday"))).toBe(false);
    // The one who gave it is not told of it.
    expect(
      (await notifications(admin.headers)).data.some((item) => item.text.includes("Call the embassy")),
    ).toBe(false);

    for (const task of [given, own, ownLater]) {
      const done = await t.app.inject({
        method: "PUT",
        url: `/api/v2/tasks/${task.id}`,
        headers: staff.headers,
        payload: { done: true },
      });
      expect(done.statusCode).toBe(200);
    }
    expect((await notifications(staff.headers)).data.filter((item) => item.kind.startsWith("task"))).toEqual(
      [],
    );
  });

  it("keeps read marks per person: one read, then all read, and another Admin's stay unread", async () => {
    const admin = await t.signIn("Admin");
    const otherAdmin = await t.signIn("Admin");
    const first = await t.createAccount({ role: "Staff", status: "pending" });
    const second = await t.createAccount({ role: "Staff", status: "pending" });
    const before = await notifications(admin.headers);
    expect(before.unread).toBe(before.data.length);

    const readOne = await t.app.inject({
      method: "POST",
      url: `/api/v2/notifications/${encodeURIComponent(`registration.${first.guidId}`)}/read`,
      headers: admin.headers,
    });
    expect(readOne.statusCode, readOne.body).toBe(200);
    expect(readOne.json()).toEqual({ unread: before.unread - 1, unreadIsLowerBound: false });
    const after = await notifications(admin.headers);
    expect(about(after.data, first.guidId)[0]?.read).toBe(true);
    expect(about(after.data, second.guidId)[0]?.read).toBe(false);
    expect(about((await notifications(otherAdmin.headers)).data, first.guidId)[0]?.read).toBe(false);

    const all = await t.app.inject({
      method: "POST",
      url: "/api/v2/notifications/read-all",
      headers: admin.headers,
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await notifications(admin.headers)).unread).toBe(0);
    expect((await notifications(otherAdmin.headers)).unread).toBeGreaterThanOrEqual(2);

    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/v2/notifications/registration.nobody/read",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(notificationMessages.notFound);
  });

  it("says the unread count is a lower bound when a kind has more than the 50 it lists", async () => {
    const staff = await t.signIn("Staff");
    const first = await notifications(staff.headers);
    expect(first).toMatchObject({ unreadIsLowerBound: false });
    // 51 unconfirmed appointments in the next 24 hours, each with its own consultant (no overlap).
    const customer = await t.createAccount({ role: "AppUser" });
    const now = clock.now().toISOString();
    for (let n = 0; n < 51; n++) {
      const consultant = await t.db.kysely
        .insertInto("consultants")
        .values({
          guidId: randomUUID(),
          name: `Crowded Consultant ${n}`,
          businessName: "Crowded Visas",
          contactEmail: "crowded@example.com",
          phoneNumber: "+92 300 0000000",
          isApproved: true,
          isPremium: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto("appointments")
        .values({
          guidId: randomUUID(),
          userId: customer.id,
          userEmail: customer.email,
          consultantId: consultant.id,
          appointmentDate: "2030-06-10",
          appointmentTime: "20:00:00",
          ...appointmentWindow("2030-06-10", "20:00:00", "UTC"),
          description: "Crowded evening",
          isConfirmed: false,
          isCancelled: false,
          isPaid: false,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    const crowded = await notifications(staff.headers);
    const unconfirmed = crowded.data.filter((item) => item.kind === "appointment-unconfirmed");
    expect(unconfirmed).toHaveLength(50);
    expect(crowded.unread).toBeGreaterThanOrEqual(50);
    expect(crowded).toMatchObject({ unreadIsLowerBound: true });
  });
});
