import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { localDate } from "#api/lib/clock";
import { hashPassword } from "#api/lib/passwords";
import { insideHours, minutesOf, weekdayIndex, weeklyHours } from "#api/lib/schedule";
import type { Db } from "../database";
import { APPOINTMENT_SLOTS, addDays } from "./booking-slots";
import type {
  AppointmentParties,
  AppointmentStatus,
  NewAddressRow,
  NewTimingRow,
  RecordFactories,
} from "./factories";
import { insertRows, insertRowsReturningIds } from "./writer";

export const DEMO_COUNTS = {
  consultants: 48,
  appUsers: 60,
  internalUsers: 6,
  appointments: 80,
} as const;

/** Fixed, so every new demo install shows the same people (dates still follow today). */
const DEMO_SEED = 20_240_601;
/** CNICs of demo accounts start here (a Punjab-style prefix); the bulk generator continues past them. */
const DEMO_CNIC_START = 35_202_0000_0001;

/**
 * Realistic demo records on a new embedded database: consultants with timings and addresses, app users,
 * internal users and appointments in all three statuses around today. One transaction: all or nothing.
 * Demo accounts share one hash of a random password nobody knows: they are not meant to sign in.
 */
export async function seedDemoData(db: Db, options: { log: FastifyBaseLogger; businessTimeZone: string }) {
  // Loaded only when seeding: faker's locale data would otherwise sit in every server's memory.
  const { createRecordFactories } = await import("./factories");
  const make = createRecordFactories(DEMO_SEED);
  const at = new Date().toISOString();
  const today = localDate(new Date(), options.businessTimeZone);
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const { dialect } = db;

  await db.kysely.transaction().execute(async (trx) => {
    const internalUsers = Array.from({ length: DEMO_COUNTS.internalUsers }, (_, i) => ({
      ...make.user(i + 1, { role: "Staff", cnicNumber: DEMO_CNIC_START + i, passwordHash, at }),
      // One registration still waiting for an Admin's approval.
      status: i === DEMO_COUNTS.internalUsers - 1 ? ("pending" as const) : ("active" as const),
    }));
    await insertRows(trx, dialect, "users", internalUsers);

    // The last app user is the demo customer, added below with a password of its own.
    const appUsers = Array.from({ length: DEMO_COUNTS.appUsers - 1 }, (_, i) => {
      const n = DEMO_COUNTS.internalUsers + i + 1;
      return make.user(n, { role: "AppUser", cnicNumber: DEMO_CNIC_START + n, passwordHash, at });
    });
    const appUserIds = await insertRowsReturningIds(trx, dialect, "users", appUsers);

    const consultants = Array.from({ length: DEMO_COUNTS.consultants }, (_, i) => make.consultant(i + 1, at));
    const consultantIds = await insertRowsReturningIds(trx, dialect, "consultants", consultants);

    const timings: NewTimingRow[] = [];
    const addresses: NewAddressRow[] = [];
    const hoursOf = new Map<string, ReturnType<typeof weeklyHours>>();
    for (const consultant of consultants) {
      const id = consultantIds.get(consultant.guidId) as number;
      const timing = make.timing(id, at);
      timings.push(timing);
      hoursOf.set(consultant.guidId, weeklyHours([timing as Parameters<typeof weeklyHours>[0][number]]));
      for (let a = make.int(1, 2); a > 0; a -= 1) addresses.push(make.address(id, at));
    }
    await insertRows(trx, dialect, "consultantTimings", timings);
    await insertRows(trx, dialect, "consultantAddresses", addresses);

    // Dates within a month either side of today, on the 30-minute slots; one booking per slot.
    const taken = new Set<string>();
    const statuses: AppointmentStatus[] = ["Pending", "Pending", "Confirmed", "Confirmed", "Cancelled"];
    const appointments = [];
    while (appointments.length < DEMO_COUNTS.appointments) {
      const consultant = make.pick(consultants);
      const user = make.pick(appUsers);
      const date = addDays(today, make.int(-30, 30));
      const time = make.pick(APPOINTMENT_SLOTS);
      const key = `${consultant.guidId}|${date}|${time}`;
      if (taken.has(key)) continue;
      // Demo bookings keep to their consultant's hours, as the booking rules would.
      const ranges = hoursOf.get(consultant.guidId)?.[weekdayIndex(date)] ?? [];
      if (!insideHours(ranges, minutesOf(time), 30)) continue;
      taken.add(key);
      const parties: AppointmentParties = {
        consultant: {
          id: consultantIds.get(consultant.guidId) as number,
          name: consultant.name,
          contactEmail: consultant.contactEmail,
        },
        user: { id: appUserIds.get(user.guidId) as number, email: user.email },
      };
      const status: AppointmentStatus | undefined = statuses[appointments.length % statuses.length];
      appointments.push(
        make.appointment(parties, { date, time, isPast: date < today }, at, status, options.businessTimeZone),
      );
    }
    await insertRows(trx, dialect, "appointments", appointments);
  });

  options.log.info(DEMO_COUNTS, "demo data added");
  await addDemoCustomer(db, make, options.businessTimeZone);
}

/** The demo customer's address: a newcomer signs in with it on the customer site and books at once. */
export const DEMO_CUSTOMER_EMAIL = "demo.customer@example.com";

/**
 * One verified customer whose random password is printed once, as the first Admin's is: the other demo
 * accounts cannot sign in, and a customer who can is what a newcomer needs to try booking.
 */
async function addDemoCustomer(db: Db, make: Pick<RecordFactories, "user">, timeZone: string) {
  const password = randomBytes(12).toString("base64url");
  const at = new Date().toISOString();
  const n = DEMO_COUNTS.internalUsers + DEMO_COUNTS.appUsers;
  const user = make.user(n, {
    role: "AppUser",
    cnicNumber: DEMO_CNIC_START + n,
    passwordHash: await hashPassword(password),
    at,
  });
  await db.kysely
    .insertInto("users")
    .values({
      ...user,
      userName: "demo.customer",
      email: DEMO_CUSTOMER_EMAIL,
      emailVerifiedAt: at,
      timeZone,
      language: "en",
    })
    .execute();
  // Printed on the console once, on purpose: it is the only way to learn the generated password.
  console.log(
    `\n  Demo customer (sign in on the customer site)\n    email:    ${DEMO_CUSTOMER_EMAIL}\n    password: ${password}\n`,
  );
}
