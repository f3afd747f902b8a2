import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import { APPOINTMENT_SLOTS } from "./booking-slots";
import { generateBulkData } from "./generate";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("bulk data generator", () => {
  it("books appointments on an empty database after making consultants and app users to book", async () => {
    const result = await generateBulkData(
      t.db,
      { consultants: 0, appUsers: 0, appointments: 1_500 },
      { businessTimeZone: "Asia/Karachi", seed: 7 },
    );
    expect(result.rows).toMatchObject({ consultants: 1_000, consultantTimings: 1_000, appUsers: 1_000 });
    expect(result.rows.appointments).toBe(1_500);
    expect(result.rowsPerSecond).toBeGreaterThan(0);
  });

  it("adds more on a second run without breaking any unique rule", async () => {
    const result = await generateBulkData(
      t.db,
      { consultants: 200, appUsers: 300, appointments: 3_000 },
      { businessTimeZone: "Asia/Karachi", seed: 7 },
    );
    expect(result.rows).toMatchObject({ consultants: 200, appUsers: 300, appointments: 3_000 });

    const users = await t.db.kysely.selectFrom("users").select(["userName", "email", "cnic"]).execute();
    expect(users).toHaveLength(1_300);
    expect(new Set(users.map((u) => u.userName.toLowerCase())).size).toBe(users.length);
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(users.length);
    expect(new Set(users.map((u) => u.cnic)).size).toBe(users.length);
    for (const user of users) expect(user.cnic).toMatch(/^\d{5}-\d{7}-\d$/);

    const appointments = await t.db.kysely.selectFrom("appointments").selectAll().execute();
    expect(appointments).toHaveLength(4_500);
    const live = appointments.filter((a) => !a.isCancelled);
    const slots = new Set(live.map((a) => `${a.consultantId}|${a.appointmentDate}|${a.appointmentTime}`));
    expect(slots.size).toBe(live.length);
    for (const appointment of appointments) expect(APPOINTMENT_SLOTS).toContain(appointment.appointmentTime);
  });
});
