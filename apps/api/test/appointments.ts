import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import type { Config } from "#api/config";
import { WEEKDAY_COLUMNS } from "#api/lib/schedule";
import { createTestApp, type SignedIn, type TestApp, testClock } from "#test/helpers";

export const APPOINTMENTS_URL = "/api/v2/userAppointment";

type Headers = { authorization: string };
type Inject = (payload: Record<string, unknown>, as?: Headers) => Promise<LightMyRequestResponse>;
export interface AppointmentsSuite {
  clock: ReturnType<typeof testClock>;
  t: TestApp;
  headers: Headers;
  staff: Awaited<ReturnType<TestApp["signIn"]>>["user"];
  create: Inject;
  update: Inject;
}

/**
 * The app both appointment test files run against, signed in as Staff; t, headers and staff are set before
 * the first test. Business time zone Asia/Karachi (UTC+5): at 06:00 UTC it is 11:00 on 10 March 2030 there.
 */
export function useAppointmentsApp(): AppointmentsSuite {
  const clock = testClock(new Date("2030-03-10T06:00:00Z"));
  const suite = { clock } as AppointmentsSuite;
  suite.create = (payload, as = suite.headers) =>
    suite.t.app.inject({ method: "POST", url: APPOINTMENTS_URL, headers: as, payload });
  suite.update = (payload, as = suite.headers) =>
    suite.t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers: as,
      payload,
    });
  beforeAll(async () => {
    suite.t = await createTestApp({ clock, config: { businessTimeZone: "Asia/Karachi" } });
    ({ headers: suite.headers, user: suite.staff } = await suite.t.signIn("Staff"));
  });
  afterAll(() => suite.t.close());
  return suite;
}

export interface DeskSuite {
  clock: ReturnType<typeof testClock>;
  t: TestApp;
  admin: SignedIn["headers"];
  staff: SignedIn["headers"];
}

/**
 * The app a file that deletes and restores customers and consultants runs against: a test clock from `now`,
 * an Admin and a Staff member signed in. t, admin and staff are set before the first test.
 */
export function useDeskApp(now: string, config: Partial<Config>): DeskSuite {
  const suite = { clock: testClock(new Date(now)) } as DeskSuite;
  beforeAll(async () => {
    suite.t = await createTestApp({ clock: suite.clock, config });
    suite.admin = (await suite.t.signIn("Admin")).headers;
    suite.staff = (await suite.t.signIn("Staff")).headers;
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** Books an appointment through the API as `headers` (staff), expecting 201; the appointment it answers. */
export async function bookAppointment(
  t: TestApp,
  headers: SignedIn["headers"],
  booking: {
    userid: string;
    consultantId: string;
    appointmentDate: string;
    appointmentTime: string;
    description: string;
    isConfirmed?: boolean;
  },
) {
  const response = await t.app.inject({ method: "POST", url: APPOINTMENTS_URL, headers, payload: booking });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** One appointment as the API answers it to `headers`. */
export const readAppointment = async (t: TestApp, headers: SignedIn["headers"], guidId: string) =>
  (await t.app.inject({ method: "GET", url: `${APPOINTMENTS_URL}/${guidId}`, headers })).json();

/** The spec's slot grid (09:00 to 18:30, every day): the hours test consultants keep unless told otherwise. */
export const ALL_WEEK_HOURS = "09:00 - 19:00";

/**
 * A consultant row as another staff member would have saved it (the consultants module is not needed),
 * with one timing: `hours` on every weekday (null = no timing at all: the unstated week, 09:00 to 19:00).
 */
export async function insertConsultant(
  t: TestApp,
  overrides: {
    name?: string;
    deletedAt?: string;
    timeZone?: string;
    hours?: string | null | Partial<Record<(typeof WEEKDAY_COLUMNS)[number], string | null>>;
  } = {},
) {
  const consultant = await insertConsultantRow(t, overrides);
  const hours = overrides.hours === undefined ? ALL_WEEK_HOURS : overrides.hours;
  if (hours !== null) {
    const days =
      typeof hours === "string" ? Object.fromEntries(WEEKDAY_COLUMNS.map((day) => [day, hours])) : hours;
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto("consultantTimings")
      .values({
        guidId: randomUUID(),
        consultantId: consultant.id,
        isActive: true,
        isDeleted: false,
        createdAt: now,
        updatedAt: now,
        ...days,
      })
      .execute();
  }
  return consultant;
}

async function insertConsultantRow(
  t: TestApp,
  overrides: { name?: string; deletedAt?: string; timeZone?: string },
) {
  const now = new Date().toISOString();
  const suffix = randomUUID().slice(0, 8);
  return t.db.kysely
    .insertInto("consultants")
    .values({
      guidId: randomUUID(),
      name: overrides.name ?? `Consultant ${suffix}`,
      businessName: `Visa Advisers ${suffix}`,
      contactEmail: `consultant-${suffix}@example.com`,
      phoneNumber: "+92 300 0000000",
      createdAt: now,
      updatedAt: now,
      isApproved: true,
      isPremium: false,
      deletedAt: overrides.deletedAt ?? null,
      timeZone: overrides.timeZone ?? null,
    })
    .returning(["id", "guidId", "name", "contactEmail"])
    .executeTakeFirstOrThrow();
}
