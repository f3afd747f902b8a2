import { LANGUAGE_VALUES } from "@visadesk/contract/consultants-constants";
import { isPhoneNumber } from "@visadesk/contract/phone-number";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { localDate } from "#api/lib/clock";
import { verifyPassword } from "#api/lib/passwords";
import { createTestApp, type TestApp } from "#test/helpers";
import { APPOINTMENT_SLOTS, addDays } from "./booking-slots";
import { DEMO_COUNTS, DEMO_CUSTOMER_EMAIL, seedDemoData } from "./demo";
import { COUNTRY_OPTIONS } from "./factories";

const TIME_ZONE = "Asia/Karachi";
let t: TestApp;
/** What the seed printed on the console: the demo customer's password is in it. */
let printed = "";
beforeAll(async () => {
  t = await createTestApp();
  const log = { info: () => undefined } as unknown as Parameters<typeof seedDemoData>[1]["log"];
  const console = vi.spyOn(globalThis.console, "log").mockImplementation((text: unknown) => {
    printed += `${String(text)}\n`;
  });
  try {
    await seedDemoData(t.db, { log, businessTimeZone: TIME_ZONE });
  } finally {
    console.mockRestore();
  }
});
afterAll(() => t.close());

describe("demo data", () => {
  it("shows on the dashboard: consultants, app users, internal users and appointments", async () => {
    const { headers } = await t.signIn("Admin");
    const response = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      consultants: DEMO_COUNTS.consultants,
      appUsers: DEMO_COUNTS.appUsers,
      // The signed-in Admin is an internal user too.
      systemUsers: DEMO_COUNTS.internalUsers + 1,
      appUserAppoints: DEMO_COUNTS.appointments,
    });
    expect(DEMO_COUNTS.consultants).toBeGreaterThanOrEqual(40);
  });

  it("gives consultants realistic fields, a weekly timing and one or two addresses", async () => {
    const consultants = await t.db.kysely.selectFrom("consultants").selectAll().execute();
    for (const consultant of consultants) {
      for (const country of consultant.country?.split(",") ?? []) expect(COUNTRY_OPTIONS).toContain(country);
      // Each speaks one language or more, all from the form's list.
      expect(consultant.languagesSpoken?.split(",").length).toBeGreaterThanOrEqual(1);
      for (const language of consultant.languagesSpoken?.split(",") ?? [])
        expect(LANGUAGE_VALUES).toContain(language);
      expect(Math.round((consultant.fee ?? 0) * 100) / 100).toBe(consultant.fee);
      expect(consultant.rating).toBeGreaterThanOrEqual(0);
      expect(consultant.rating).toBeLessThanOrEqual(5);
      expect(Math.round((consultant.rating ?? 0) * 10) / 10).toBe(consultant.rating);
      expect(consultant.timing).toMatch(/^\d\d:\d\d - \d\d:\d\d$/);
      expect(consultant.contactEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
    expect(new Set(consultants.map((c) => c.isApproved)).size).toBe(2);
    // Languages as spoken here: English and Urdu most often, and others besides.
    const speakers = (language: string) =>
      consultants.filter((c) => c.languagesSpoken?.split(",").includes(language)).length;
    expect(speakers("urdu")).toBeGreaterThan(consultants.length / 2);
    expect(new Set(consultants.flatMap((c) => c.languagesSpoken?.split(",") ?? [])).size).toBeGreaterThan(4);
    expect(new Set(consultants.map((c) => c.isPremium)).size).toBe(2);

    const timings = await t.db.kysely.selectFrom("consultantTimings").select("consultantId").execute();
    expect(timings).toHaveLength(consultants.length);
    const addresses = await t.db.kysely.selectFrom("consultantAddresses").select("consultantId").execute();
    for (const consultant of consultants) {
      const count = addresses.filter((a) => a.consultantId === consultant.id).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(2);
    }
  });

  it("gives app users unique CNICs in the 12345-1234567-1 format and one pending internal user", async () => {
    const users = await t.db.kysely
      .selectFrom("users")
      .selectAll()
      .where("userName", "!=", "admin")
      .execute();
    const appUsers = users.filter((u) => u.role === "AppUser");
    expect(appUsers).toHaveLength(DEMO_COUNTS.appUsers);
    for (const user of appUsers) {
      expect(user.cnic).toMatch(/^\d{5}-\d{7}-\d$/);
      expect(user.dateOfBirth).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(user.address).toBeTruthy();
      expect(user.phoneNumber).toBeTruthy();
    }
    // Every seeded phone (app users', staff's) passes the forms' phone rule, so an edit saves unchanged.
    for (const user of users.filter((u) => u.phoneNumber)) {
      expect(isPhoneNumber(user.phoneNumber ?? ""), `${user.userName}: ${user.phoneNumber}`).toBe(true);
    }
    expect(new Set(appUsers.map((u) => u.cnic)).size).toBe(appUsers.length);
    const staff = users.filter((u) => u.role === "Staff" && u.firstName !== "Test");
    expect(staff).toHaveLength(DEMO_COUNTS.internalUsers);
    expect(staff.filter((u) => u.status === "pending")).toHaveLength(1);
  });

  it("books appointments in all three statuses on 30-minute slots around today, never twice", async () => {
    const appointments = await t.db.kysely.selectFrom("appointments").selectAll().execute();
    expect(appointments).toHaveLength(DEMO_COUNTS.appointments);
    const status = (a: (typeof appointments)[number]) =>
      a.isCancelled ? "Cancelled" : a.isConfirmed ? "Confirmed" : "Pending";
    expect(new Set(appointments.map(status))).toEqual(new Set(["Pending", "Confirmed", "Cancelled"]));
    expect(appointments.some((a) => a.isPaid)).toBe(true);

    const today = localDate(new Date(), TIME_ZONE);
    const booked = new Set<string>();
    for (const appointment of appointments) {
      expect(APPOINTMENT_SLOTS).toContain(appointment.appointmentTime);
      expect(appointment.appointmentDate >= addDays(today, -31)).toBe(true);
      expect(appointment.appointmentDate <= addDays(today, 31)).toBe(true);
      if (appointment.isCancelled) continue;
      const slot = `${appointment.consultantId}|${appointment.appointmentDate}|${appointment.appointmentTime}`;
      expect(booked.has(slot)).toBe(false);
      booked.add(slot);
    }
  });

  it("keeps demo accounts from signing in with any guessable password", async () => {
    const user = await t.db.kysely
      .selectFrom("users")
      .select(["email", "passwordHash"])
      .where("role", "=", "AppUser")
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, "password")).toBe(false);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: user.email, password: "password" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("prints a verified demo customer who signs in to the customer API and finds bookable consultants", async () => {
    const password = /Demo customer[\s\S]*?password: (\S+)/.exec(printed)?.[1] ?? "";
    expect(printed).toContain(DEMO_CUSTOMER_EMAIL);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/customer/v1/auth/sign-in",
      payload: { email: DEMO_CUSTOMER_EMAIL, password, deviceName: "Demo" },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().customer.emailVerified).toBe(true);
    const directory = await t.app.inject({ method: "GET", url: "/api/customer/v1/consultants?limit=5" });
    expect(directory.json().data.length).toBe(5);
  });
});
