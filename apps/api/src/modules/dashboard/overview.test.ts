import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentWindow } from "#api/lib/schedule";
import { createTestApp, type SignedIn, type TestApp, testClock } from "#test/helpers";

// Wednesday 12 June 2030, 09:00 in Karachi (UTC+5).
const clock = testClock(new Date("2030-06-12T04:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "Asia/Karachi" } });
});
afterAll(() => t.close());

const overview = async (headers: SignedIn["headers"]) => {
  const response = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/overview", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function book(
  date: string,
  time: string,
  flags: { confirmed?: boolean; paid?: boolean; cancelled?: boolean },
) {
  const customer = await t.createAccount({ role: "AppUser" });
  const now = clock.now().toISOString();
  const consultant = await t.db.kysely
    .insertInto("consultants")
    .values({
      guidId: randomUUID(),
      name: `Consultant ${randomUUID().slice(0, 4)}`,
      businessName: "Overview Visas",
      contactEmail: "overview@example.com",
      phoneNumber: "+92 300 0000000",
      isApproved: true,
      isPremium: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto("appointments")
    .values({
      guidId: randomUUID(),
      userId: customer.id,
      userEmail: customer.email,
      consultantId: consultant.id,
      appointmentDate: date,
      appointmentTime: time,
      ...appointmentWindow(date, time, "Asia/Karachi"),
      description: "Study visa",
      isConfirmed: flags.confirmed ?? false,
      isCancelled: flags.cancelled ?? false,
      isPaid: flags.paid ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning("guidId")
    .executeTakeFirstOrThrow();
  return { id: row.guidId, consultant: consultant.name, customer };
}

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("GET /api/v2/Dashboard/overview", () => {
  it("lists today's appointments, those to confirm and the confirmed unpaid past ones", async () => {
    const { headers } = await t.signIn("Staff");
    const todayLater = await book("2030-06-12", "16:30:00", { confirmed: true });
    const todayEarly = await book("2030-06-12", "08:00:00", { confirmed: true, paid: true });
    const tomorrow = await book("2030-06-13", "10:00:00", {});
    const pastUnpaid = await book("2030-06-01", "10:00:00", { confirmed: true });
    const pastPaid = await book("2030-06-02", "10:00:00", { confirmed: true, paid: true });
    const cancelled = await book("2030-06-14", "10:00:00", { cancelled: true });

    const answer = await overview(headers);
    expect(ids(answer.today)).toEqual([todayEarly.id, todayLater.id]);
    expect(answer.today[1]).toMatchObject({
      time: "16:30",
      consultant: todayLater.consultant,
      status: "Confirmed",
      customerEmail: todayLater.customer.email,
    });
    expect(ids(answer.awaitingConfirmation.data)).toEqual([tomorrow.id]);
    expect(answer.awaitingConfirmation.total).toBe(1);
    expect(ids(answer.unpaidPast.data)).toEqual([pastUnpaid.id]);
    expect(ids(answer.unpaidPast.data)).not.toContain(pastPaid.id);
    expect(ids(answer.awaitingConfirmation.data)).not.toContain(cancelled.id);
    expect(answer.registrationsWaiting).toBeNull();

    // 12 weeks, Monday to Monday, the last being this one (10 June 2030).
    expect(answer.weeks).toHaveLength(12);
    expect(answer.weeks[11]).toEqual({ weekStart: "2030-06-10", Pending: 1, Confirmed: 2, Cancelled: 1 });
    expect(answer.weeks[10]).toEqual({ weekStart: "2030-06-03", Pending: 0, Confirmed: 0, Cancelled: 0 });
    expect(answer.weeks[9]).toMatchObject({ weekStart: "2030-05-27", Confirmed: 2 });
  });

  it("shows Admins the registrations waiting, oldest first, and each person their open tasks, overdue first", async () => {
    const admin = await t.signIn("Admin");
    const first = await t.createAccount({ role: "Staff", status: "pending" });
    const answer = await overview(admin.headers);
    expect(answer.registrationsWaiting.data.map((r: { id: string }) => r.id)).toContain(first.guidId);
    expect(answer.registrationsWaiting.total).toBeGreaterThanOrEqual(1);

    for (const [title, dueDate] of [
      ["Next week", "2030-06-19"],
      ["Overdue", "2030-06-01"],
    ]) {
      await t.app.inject({
        method: "POST",
        url: "/api/v2/tasks",
        headers: admin.headers,
        payload: { title, dueDate },
      });
    }
    const tasks = (await overview(admin.headers)).myTasks;
    expect(tasks.data.map((task: { title: string; overdue: boolean }) => [task.title, task.overdue])).toEqual(
      [
        ["Overdue", true],
        ["Next week", false],
      ],
    );

    const approved = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${first.guidId}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect(
      (await overview(admin.headers)).registrationsWaiting.data.map((r: { id: string }) => r.id),
    ).not.toContain(first.guidId);
  });
});

describe("today's total", () => {
  it("counts every appointment of the day exactly, past the 50 the list shows", async () => {
    // Another day than the tests above use: Wednesday 14 August 2030.
    clock.set("2030-08-14T04:00:00Z");
    try {
      const staff = await t.signIn("Staff");
      const customer = await t.createAccount({ role: "AppUser" });
      const now = clock.now().toISOString();
      // 3 consultants, 20 half-hour slots each (one consultant's appointments never overlap).
      for (let n = 0; n < 3; n++) {
        const consultant = await t.db.kysely
          .insertInto("consultants")
          .values({
            guidId: randomUUID(),
            name: `Busy Consultant ${n}`,
            businessName: "Busy Visas",
            contactEmail: "busy@example.com",
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
          .values(
            Array.from({ length: 20 }, (_, slot) => {
              const minutes = 8 * 60 + slot * 30;
              const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 ? "30" : "00"}:00`;
              return {
                guidId: randomUUID(),
                userId: customer.id,
                userEmail: customer.email,
                consultantId: consultant.id,
                appointmentDate: "2030-08-14",
                appointmentTime: time,
                ...appointmentWindow("2030-08-14", time, "Asia/Karachi"),
                description: "Busy day",
                isConfirmed: true,
                isCancelled: false,
                isPaid: false,
                createdAt: now,
                updatedAt: now,
              };
            }),
          )
          .execute();
      }
      const answer = await overview(staff.headers);
      expect(answer.today).toHaveLength(50);
      expect(answer.todayTotal).toBe(60);
    } finally {
      clock.set("2030-06-12T04:00:00Z");
    }
  });
});
