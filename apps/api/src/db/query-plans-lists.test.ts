import { type CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countAppointments, listAppointments } from "../modules/appointments/list-repository";
import { calendarAppointments } from "../modules/appointments/repository";
import { countConsultants, listConsultants } from "../modules/consultants/list-repository";
import { consultantRevision, findConsultant } from "../modules/consultants/repository";
import { recordsOfConsultant } from "../modules/consultants/timing-address-repository";
import { createDashboardService } from "../modules/dashboard/service";
import { pageOfUsers } from "../modules/users/repository";
import { planOf, plansOf, queriesOf, sqlite, t, useQueryPlansApp } from "./query-plans-test-app";

/** The plans of the lists without a sort of their own: totals, the dashboard, appointments, the calendar, a consultant's detail. */
useQueryPlansApp();

describe("query plans of the lists that must scale", () => {
  it("lists without a search read their totals from the counters, and their page in index order", async () => {
    const plans = await plansOf(async (db) => {
      await listConsultants(db, { limit: 12, offset: 0 });
      await countConsultants(db);
      await pageOfUsers(db, { role: "AppUser" }, { offset: 0, limit: 12 });
      await countAppointments(db.kysely, {});
    });
    const counters = plans.filter((plan) => /row_counts/.test(plan));
    expect(counters).toHaveLength(3);
    for (const plan of counters) {
      if (sqlite())
        if (sqlite()) expect(plan).toMatch(/SEARCH row_counts USING PRIMARY KEY \(name=\?\)/);
        else expect(plan).toMatch(/Index (Only )?Scan using row_counts_pkey/);
    }
    for (const plan of plans) {
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY|\bSort\b/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it("the dashboard's counts are counter lookups and one index range", async () => {
    const plans = await plansOf((db) =>
      createDashboardService({
        db,
        clock: { now: () => new Date() },
        businessTimeZone: "Asia/Karachi",
      }).stats(),
    );
    expect(plans).toHaveLength(3);
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(
          /SEARCH (row_counts USING PRIMARY KEY|users USING (COVERING )?INDEX users_app_created)/,
        );

        expect(plan).not.toMatch(/\bSCAN\b/);
      } else {
        expect(plan).toMatch(/row_counts_pkey|users_app_created/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });

  it("appointments filtered by status and dates: the page and its bounded total follow appointments_by_date", async () => {
    const plans = await plansOf(
      async (db) => {
        const filters = { status: "Pending", from: "2000-01-01", to: "2100-01-01" } as const;
        await listAppointments(db.kysely, filters, { limit: 12, offset: 0 });
        await countAppointments(db.kysely, filters);
      },
      false,
      true,
    );
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(/appointments USING (COVERING )?INDEX appointments_by_date/);
        expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
        expect(plan).not.toMatch(/SCAN appointments\b(?! USING)/);
      } else {
        expect(plan).not.toMatch(/Seq Scan on appointments|\bSort\b/);
      }
    }
  });

  it("appointments of one consultant (a page of 12 and its total) use appointments_by_consultant", async () => {
    const busiest = await t.db.kysely
      .selectFrom("appointments")
      .select("consultantId")
      .groupBy("consultantId")
      .orderBy(sql`count(*)`, "desc")
      .executeTakeFirstOrThrow();
    const queries = await queriesOf(async (db) => {
      await listAppointments(db.kysely, { consultantId: busiest.consultantId }, { limit: 12, offset: 0 });
      await countAppointments(db.kysely, { consultantId: busiest.consultantId });
    });
    // The sample of the newest appointments an estimate starts from (aliases "hit", "newest") reads them
    // in appointments_by_date order; the page and the capped count read the consultant's own.
    const isSample = (query: CompiledQuery) => /"hit"|"newest"/.test(query.sql);
    for (const query of queries.filter(isSample)) {
      // 2,000 of a small table's rows are rightly sorted on PostgreSQL: show the index can give the order.
      const plan = await planOf(query, false, true);
      expect(plan).toContain("appointments_by_date");
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY|\bSort\b|Seq Scan/);
    }
    const plans = await Promise.all(
      queries.filter((query) => !isSample(query)).map((query) => planOf(query, false)),
    );
    // The page, and the total's capped count (which the capture also records as its inner query).
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) {
      if (sqlite()) {
        // The page: the index gives the order too, so no temporary sort over the consultant's bookings.
        expect(plan).toMatch(/SEARCH appointments USING (COVERING )?INDEX appointments_by_consultant/);
        expect(plan).not.toMatch(/SCAN appointments\b/);
      } else {
        expect(plan).toContain("appointments_by_consultant");
        expect(plan).not.toMatch(/Seq Scan on appointments\b/);
      }
    }
    if (sqlite()) for (const plan of plans) expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it("the calendar's week of a few consultants reads each one's dates as a range of appointments_by_consultant", async () => {
    const busiest = await t.db.kysely
      .selectFrom("appointments")
      .select(["consultantId", (eb) => eb.fn.min("appointmentDate").as("first")])
      .groupBy("consultantId")
      .orderBy(sql`count(*)`, "desc")
      .limit(3)
      .execute();
    const from = String(busiest[0]?.first).slice(0, 10);
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    const plans = await plansOf(async (db) => {
      await calendarAppointments(
        db.kysely,
        busiest.map((row) => row.consultantId),
        from,
        to,
      );
    });
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(
          /SEARCH appointments USING (COVERING )?INDEX appointments_by_consultant \(consultant_id=\? AND appointment_date>\? AND appointment_date<\?\)/,
        );
        expect(plan).not.toMatch(/SCAN appointments\b/);
      } else {
        // Not appointments_by_consultant_start, whose dates are instants: it would read every booking.
        expect(plan).toMatch(/appointments_by_consultant(?!_)/);
        expect(plan).not.toMatch(/Seq Scan on appointments\b/);
      }
    }
  });

  it("a consultant's detail (its revision, the consultant, its timings and addresses) is read by index", async () => {
    const consultant = await t.db.kysely
      .selectFrom("consultants")
      .select(["guidId", "id"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const queries = await queriesOf(async (db) => {
      await consultantRevision(db.kysely, consultant.guidId);
      await findConsultant(db.kysely, consultant.guidId);
      await recordsOfConsultant(db.kysely, consultant.id);
    });
    const plans = await Promise.all(queries.map((query) => planOf(query, false)));
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX \w+ \((guid_id|consultant_id)=\?\)/);
        expect(plan).not.toMatch(/\bSCAN\b/);
      } else {
        expect(plan).toMatch(/Index|Bitmap/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });
});
