import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentWindow } from "#api/lib/schedule";
import { createTestApp, type TestApp } from "#test/helpers";
import { startOfLocalMonth } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stats = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const now = () => new Date().toISOString();

async function addConsultant(deleted = false) {
  const row = await t.db.kysely
    .insertInto("consultants")
    .values({
      guidId: randomUUID(),
      name: "Stats Consultant",
      businessName: "Stats Visa Co",
      contactEmail: `stats-${randomUUID()}@example.com`,
      phoneNumber: "+92 300 0000000",
      isApproved: false,
      isPremium: false,
      createdAt: now(),
      updatedAt: now(),
      deletedAt: deleted ? now() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addAppointment(userId: number, consultantId: number, time: string) {
  await t.db.kysely
    .insertInto("appointments")
    .values({
      guidId: randomUUID(),
      userId,
      consultantId,
      appointmentDate: "2030-01-15",
      appointmentTime: time,
      ...appointmentWindow("2030-01-15", time, "Asia/Karachi"),
      description: "Visa consultation",
      isConfirmed: false,
      isCancelled: false,
      isPaid: false,
      createdAt: now(),
      updatedAt: now(),
    })
    .execute();
}

describe("GET /api/v2/Dashboard/stats", () => {
  it("answers 401 with a message without a token or with a bad one", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/v2/Dashboard/stats",
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(bad.statusCode).toBe(401);
  });

  it("counts consultants, app users, system users and appointments that are not deleted", async () => {
    const { headers, user } = await t.signIn("Admin");
    const before = await stats(headers);
    expect(before).toEqual({
      consultants: expect.any(Number),
      appUsers: expect.any(Number),
      systemUsers: expect.any(Number),
      appUserAppoints: expect.any(Number),
      newUsersInMonth: expect.any(Number),
    });

    const consultant = await addConsultant();
    await addConsultant(true);
    const appUser = await t.createAccount({ role: "AppUser" });
    await t.createAccount({ role: "AppUser" });
    const deletedAppUser = await t.createAccount({ role: "AppUser" });
    await t.db.kysely
      .updateTable("users")
      .set({ deletedAt: now() })
      .where("id", "=", deletedAppUser.id)
      .execute();
    await t.createAccount({ role: "Staff" });
    await addAppointment(appUser.id, consultant, "10:00:00");
    await addAppointment(user.id, consultant, "10:30:00");

    const after = await stats(headers);
    expect(after.consultants - before.consultants).toBe(1);
    expect(after.appUsers - before.appUsers).toBe(2);
    expect(after.systemUsers - before.systemUsers).toBe(1);
    expect(after.appUserAppoints - before.appUserAppoints).toBe(2);
    // App users created now fall in the current month.
    expect(after.newUsersInMonth - before.newUsersInMonth).toBe(2);
  });

  it("is open to Staff as well as Admin", async () => {
    const { headers } = await t.signIn("Staff");
    const answer = await stats(headers);
    expect(answer.consultants).toBeGreaterThanOrEqual(0);
  });
});

describe("GET /api/v2/settings/public", () => {
  it("answers the configured company and business time zone without a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/settings/public" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      companyName: t.config.companyName,
      companyUrl: t.config.companyUrl,
      currency: "PKR",
      businessTimeZone: t.config.businessTimeZone,
    });
  });

  it("answers the fees' currency from CURRENCY", async () => {
    const euro = await createTestApp({ config: { currency: "EUR" } });
    try {
      const response = await euro.app.inject({ method: "GET", url: "/api/v2/settings/public" });
      expect(response.json()).toMatchObject({ currency: "EUR" });
    } finally {
      await euro.close();
    }
  });
});

describe("startOfLocalMonth", () => {
  it("is local midnight of the first day, as a UTC instant", () => {
    // Karachi is UTC+5: 1 Dec 00:00 local is 30 Nov 19:00 UTC.
    expect(startOfLocalMonth(new Date("2025-12-10T12:00:00Z"), "Asia/Karachi")).toBe(
      "2025-11-30T19:00:00.000Z",
    );
    // 30 Nov 20:00 UTC is already 1 Dec in Karachi.
    expect(startOfLocalMonth(new Date("2025-11-30T20:00:00Z"), "Asia/Karachi")).toBe(
      "2025-11-30T19:00:00.000Z",
    );
    expect(startOfLocalMonth(new Date("2025-07-15T00:00:00Z"), "America/New_York")).toBe(
      "2025-07-01T04:00:00.000Z",
    );
  });
});
