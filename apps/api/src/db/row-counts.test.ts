import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import { appointmentWindow } from "../lib/schedule";
import { createDashboardService } from "../modules/dashboard/service";

/**
 * The counters of migration 007 are what the dashboard and the unfiltered list totals show: after any mix
 * of changes (one row or many at a time, soft and hard deletes, restores, role and status changes) each
 * must equal a COUNT(*) of what it stands for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAYS = ["2026-10-31T20:00:00.000Z", "2026-11-01T09:30:00.000Z", "2026-11-02T23:59:59.000Z"];
const ROLES = ["Admin", "Staff", "AppUser"] as const;
const STATUSES = ["active", "pending", "rejected"] as const;

type Op =
  | { kind: "addConsultant"; deleted: boolean }
  | { kind: "softDeleteConsultant" | "restoreConsultant" | "removeConsultant"; pick: number }
  | { kind: "addUser"; role: (typeof ROLES)[number]; status: (typeof STATUSES)[number]; day: number }
  | { kind: "softDeleteUser" | "restoreUser" | "removeUser"; pick: number }
  | { kind: "changeRole"; pick: number; role: (typeof ROLES)[number] }
  | { kind: "changeStatus"; pick: number; status: (typeof STATUSES)[number] }
  | { kind: "rejectMany" | "restoreMany"; modulo: number }
  | { kind: "addAppointment"; pick: number }
  | { kind: "removeAppointment"; pick: number };

const pick = fc.nat(1000);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("addConsultant" as const), deleted: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom(
      "softDeleteConsultant" as const,
      "restoreConsultant" as const,
      "removeConsultant" as const,
    ),
    pick,
  }),
  fc.record({
    kind: fc.constant("addUser" as const),
    role: fc.constantFrom(...ROLES),
    status: fc.constantFrom(...STATUSES),
    day: fc.nat(DAYS.length - 1),
  }),
  fc.record({
    kind: fc.constantFrom("softDeleteUser" as const, "restoreUser" as const, "removeUser" as const),
    pick,
  }),
  fc.record({ kind: fc.constant("changeRole" as const), pick, role: fc.constantFrom(...ROLES) }),
  fc.record({ kind: fc.constant("changeStatus" as const), pick, status: fc.constantFrom(...STATUSES) }),
  fc.record({
    kind: fc.constantFrom("rejectMany" as const, "restoreMany" as const),
    modulo: fc.integer({ min: 2, max: 4 }),
  }),
  fc.record({ kind: fc.constant("addAppointment" as const), pick }),
  fc.record({ kind: fc.constant("removeAppointment" as const), pick }),
);

let serial = 0;
const now = () => new Date().toISOString();

/** The id of one existing row, chosen by `n` (undefined when the table is empty). */
async function nth(table: "consultants" | "users" | "appointments", n: number) {
  const rows = await t.db.kysely.selectFrom(table).select("id").orderBy("id").execute();
  return rows.length === 0 ? undefined : (rows[n % rows.length] as { id: number }).id;
}

async function apply(change: Op) {
  const db = t.db.kysely;
  serial += 1;
  switch (change.kind) {
    case "addConsultant":
      await db
        .insertInto("consultants")
        .values({
          guidId: randomUUID(),
          name: `Counted ${serial}`,
          businessName: "B",
          contactEmail: `c${serial}@example.com`,
          phoneNumber: "1",
          isApproved: false,
          isPremium: false,
          createdAt: now(),
          updatedAt: now(),
          deletedAt: change.deleted ? now() : null,
        })
        .execute();
      return;
    case "softDeleteConsultant":
    case "restoreConsultant": {
      const id = await nth("consultants", change.pick);
      if (id === undefined) return;
      const deletedAt = change.kind === "softDeleteConsultant" ? now() : null;
      await db.updateTable("consultants").set({ deletedAt }).where("id", "=", id).execute();
      return;
    }
    case "removeConsultant": {
      const id = await nth("consultants", change.pick);
      if (id === undefined) return;
      await db.deleteFrom("appointments").where("consultantId", "=", id).execute();
      await db.deleteFrom("consultants").where("id", "=", id).execute();
      return;
    }
    case "addUser":
      await db
        .insertInto("users")
        .values({
          guidId: randomUUID(),
          userName: `counted${serial}`,
          email: `u${serial}@example.com`,
          passwordHash: "x",
          role: change.role,
          status: change.status,
          createdAt: DAYS[change.day] as string,
          updatedAt: now(),
        })
        .execute();
      return;
    case "softDeleteUser":
    case "restoreUser": {
      const id = await nth("users", change.pick);
      if (id === undefined) return;
      const deletedAt = change.kind === "softDeleteUser" ? now() : null;
      await db.updateTable("users").set({ deletedAt }).where("id", "=", id).execute();
      return;
    }
    case "removeUser": {
      const id = await nth("users", change.pick);
      if (id === undefined) return;
      await db.deleteFrom("appointments").where("userId", "=", id).execute();
      await db.deleteFrom("users").where("id", "=", id).execute();
      return;
    }
    case "changeRole":
    case "changeStatus": {
      const id = await nth("users", change.pick);
      if (id === undefined) return;
      const set = change.kind === "changeRole" ? { role: change.role } : { status: change.status };
      await db.updateTable("users").set(set).where("id", "=", id).execute();
      return;
    }
    case "rejectMany":
    case "restoreMany":
      // Many rows in one statement: PostgreSQL's statement triggers see them all at once.
      await db
        .updateTable("users")
        .set(change.kind === "rejectMany" ? { status: "rejected" } : { status: "active", deletedAt: null })
        .where(sql`id % ${change.modulo}`, "=", 0)
        .execute();
      return;
    case "addAppointment": {
      const consultantId = await nth("consultants", change.pick);
      const userId = await nth("users", change.pick);
      if (consultantId === undefined || userId === undefined) return;
      await db
        .insertInto("appointments")
        .values({
          guidId: randomUUID(),
          userId,
          userEmail: null,
          consultantId,
          consultantName: null,
          consultantEmail: null,
          appointmentDate: "2026-12-01",
          appointmentTime: `${String(Math.floor(serial / 60) % 24).padStart(2, "0")}:${String(serial % 60).padStart(2, "0")}:00`,
          // One minute each, so the rows stay apart for the overlap rule (migration 010).
          ...appointmentWindow(
            "2026-12-01",
            `${String(Math.floor(serial / 60) % 24).padStart(2, "0")}:${String(serial % 60).padStart(2, "0")}`,
            "UTC",
            1,
          ),
          description: "Counted",
          supportContact: null,
          isConfirmed: false,
          isCancelled: serial % 2 === 0,
          isPaid: false,
          confirmedAt: null,
          confirmedBy: null,
          cancelledAt: null,
          cancelledBy: null,
          reminderSentAt: null,
          createdAt: now(),
          updatedAt: now(),
          createdBy: null,
          updatedBy: null,
        })
        .execute();
      return;
    }
    case "removeAppointment": {
      const id = await nth("appointments", change.pick);
      if (id !== undefined) await db.deleteFrom("appointments").where("id", "=", id).execute();
      return;
    }
  }
}

/** Every counter that is not zero, as the database keeps it and as COUNT(*) finds it. */
async function countersNow() {
  const db = t.db.kysely;
  const kept = await db.selectFrom("rowCounts").select(["name", "value"]).execute();
  const listed = db.selectFrom("users").where("deletedAt", "is", null).where("status", "!=", "rejected");
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const days = await listed
    .where("role", "=", "AppUser")
    .select(["createdAt", (eb) => eb.fn.countAll().as("n")])
    .groupBy("createdAt")
    .execute();
  const counted: Record<string, number> = {
    consultants: await count(
      db
        .selectFrom("consultants")
        .where("deletedAt", "is", null)
        .select((eb) => eb.fn.countAll().as("n")),
    ),
    "users.AppUser": await count(
      listed.where("role", "=", "AppUser").select((eb) => eb.fn.countAll().as("n")),
    ),
    "users.internal": await count(
      listed.where("role", "!=", "AppUser").select((eb) => eb.fn.countAll().as("n")),
    ),
    appointments: await count(db.selectFrom("appointments").select((eb) => eb.fn.countAll().as("n"))),
  };
  for (const day of days) {
    const name = `app_users_created:${new Date(day.createdAt).toISOString().slice(0, 10)}`;
    counted[name] = (counted[name] ?? 0) + Number(day.n);
  }
  const nonZero = (entries: [string, unknown][]) =>
    Object.fromEntries(entries.map(([k, v]) => [k, Number(v)]).filter(([, v]) => v !== 0));
  return {
    kept: nonZero(kept.map((row) => [row.name, row.value])),
    counted: nonZero(Object.entries(counted)),
  };
}

describe("the counters the database keeps", () => {
  it("equal COUNT(*) after any mix of creates, deletes, restores, role and status changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (changes) => {
        for (const change of changes) await apply(change);
        const { kept, counted } = await countersNow();
        expect(kept).toEqual(counted);
      }),
      { numRuns: 25 },
    );
  });

  it("are what the dashboard shows", async () => {
    for (const change of [
      { kind: "addConsultant", deleted: false },
      { kind: "addUser", role: "AppUser", status: "active", day: 1 },
      { kind: "addUser", role: "Staff", status: "pending", day: 2 },
    ] as const) {
      await apply(change);
    }
    const { counted } = await countersNow();
    const stats = await createDashboardService({
      db: t.db,
      clock: { now: () => new Date("2026-11-15T12:00:00Z") },
      businessTimeZone: "Asia/Karachi",
    }).stats();
    expect(stats.consultants).toBe(counted.consultants);
    expect(stats.appUsers).toBe(counted["users.AppUser"]);
    expect(stats.systemUsers).toBe(counted["users.internal"] ?? 0);
    expect(stats.appUserAppoints).toBe(counted.appointments ?? 0);
    // November in Karachi began at 2026-10-31T19:00Z: the accounts of 10-31 20:00Z onwards count.
    const month = await t.db.kysely
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("role", "=", "AppUser")
      .where("deletedAt", "is", null)
      .where("status", "!=", "rejected")
      .where("createdAt", ">=", "2026-10-31T19:00:00.000Z")
      .executeTakeFirstOrThrow();
    expect(stats.newUsersInMonth).toBe(Number(month.n));
    expect(stats.newUsersInMonth).toBeGreaterThan(0);
  });
});
