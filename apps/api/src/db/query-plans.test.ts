import { CONSULTANT_SORTS, USER_SORTS } from "@visadesk/contract/lists-constants";
import { type CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import * as queryPlans from "#test/query-plans";
import {
  countAppointments,
  exportAppointments,
  listAppointments,
} from "../modules/appointments/list-repository";
import { calendarAppointments } from "../modules/appointments/repository";
import { appointmentsInWindow, appointmentsOf } from "../modules/appointments/search-repository";
import {
  consultantsAmong,
  countConsultants,
  exportConsultants,
  listConsultants,
} from "../modules/consultants/list-repository";
import { consultantRevision, findConsultant } from "../modules/consultants/repository";
import { recordsOfConsultant } from "../modules/consultants/timing-address-repository";
import { createDashboardService } from "../modules/dashboard/service";
import { exportUsers, pageOfUsers, usersAmong, usersInWindow } from "../modules/users/repository";
import type { Db } from "./database";
import { idSpan, matchingIds } from "./search";
import { generateBulkData } from "./seed/generate";

/**
 * The list queries that must stay fast at 100k rows run the REAL repository functions; their SQL is
 * captured and explained, so a later change that falls back to a full scan fails here.
 * SQLite: EXPLAIN QUERY PLAN. PostgreSQL: EXPLAIN with seq scans discouraged (on a small table the
 * planner would rightly prefer one; what matters is that an index CAN answer the query).
 */
let t: TestApp;
let terms: { consultant: string; appUser: string };
beforeAll(async () => {
  t = await createTestApp();
  // PostgreSQL's planner rightly reads a small table whole: give it enough rows for an index to pay.
  // SQLite: more rows than a total's sample (2,000), so counts and estimates are planned too.
  const rows = t.db.dialect === "postgres" ? 20_000 : 2_500;
  await generateBulkData(
    t.db,
    { consultants: rows, appUsers: rows, appointments: 2_500 },
    { businessTimeZone: "Asia/Karachi", seed: 3 },
  );
  // A surname, as staff would type it: it matches a few rows, as on a live database.
  const surname = (name: string | null) => (name ?? "").split(" ").at(-1)?.toLowerCase() ?? "";
  const consultant = await t.db.kysely
    .selectFrom("consultants")
    .select("name")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const appUser = await t.db.kysely
    .selectFrom("users")
    .select("lastName")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  terms = { consultant: surname(consultant.name), appUser: surname(appUser.lastName) };
  // Planner statistics as each live database has them: PostgreSQL's autovacuum gathers them, while the
  // embedded database is never analyzed, so its plans are pinned without any.
  if (t.db.dialect === "postgres") await sql`analyze`.execute(t.db.kysely);
  // 20,000 rows of each kind, with their trigram indexes, take about a minute on a busy PostgreSQL.
}, 180_000);
afterAll(() => t.close());

const queriesOf = (run: (db: Db) => Promise<unknown>) => queryPlans.queriesOf(t.db, run);
const planOf = (query: CompiledQuery, bitmapOnly: boolean, sortless = false) =>
  queryPlans.planOf(t.db, query, { bitmapOnly, sortless });
const plansOf = (run: (db: Db) => Promise<unknown>, bitmapOnly = false, sortless = false) =>
  queryPlans.plansOf(t.db, run, { bitmapOnly, sortless });

const sqlite = () => t.db.dialect === "sqlite";

describe("query plans of the lists that must scale", () => {
  /**
   * A page (and its bounded total) must read rows in an index's order and stop at its LIMIT: no sort of
   * every match, no scan of the table in storage order. Common terms match most rows, so anything else
   * would cost as much as the table.
   */
  function expectIndexOrder(
    queries: CompiledQuery[],
    plans: string[],
    table: "consultants" | "users",
    term: string,
  ) {
    expect(plans).toHaveLength(queries.length);
    plans.forEach((plan, n) => {
      const viaTrigrams = /_search"? as "?fts/.test(queries[n]?.sql ?? "");
      if (sqlite()) {
        // SQLite keeps a table in id order: a SCAN of it without a temporary sort walks newest first.
        expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
        if (viaTrigrams) {
          expect(plan).toMatch(/SCAN fts VIRTUAL TABLE INDEX \d+:M/);
          // A page joins each match to its row; a count from indexes only asks the list's partial index.
          expect(plan).toMatch(
            new RegExp(
              `SEARCH ${table} (USING INTEGER PRIMARY KEY|EXISTS USING (COVERING )?INDEX ${table}_list)`,
            ),
          );
        }
      } else {
        expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
        // A rare term may be found by the trigram index and its few matches sorted; a common one never.
        if (/Sort\b/.test(plan)) expect(plan).toContain(`${table}_search_trgm`);
      }
    });
    // On SQLite a term of 3+ characters is looked up in the trigram index.
    if (sqlite() && term.length >= 3) expect(queries.some((q) => /as "?fts/.test(q.sql))).toBe(true);
  }

  it("consultant search by common and rare terms reads a page and a bounded total in index order", async () => {
    for (const term of ["visa", "an", "canada", terms.consultant]) {
      const queries = await queriesOf(async (db) => {
        await listConsultants(db, { search: term, limit: 12, offset: 0 });
        await countConsultants(db, term);
      });
      // Every query that reads consultants has a LIMIT: the page's, or the total's cap.
      for (const query of queries.filter((q) => /"consultants"/.test(q.sql)))
        expect(query.sql).toMatch(/limit/);
      const plans = await Promise.all(queries.map((query) => planOf(query, false)));
      expectIndexOrder(queries, plans, "consultants", term);
      if (!sqlite() && term !== terms.consultant) {
        for (const plan of plans) expect(plan).not.toMatch(/Sort\b/);
      }
      if (term === terms.consultant) {
        // A rare term's capped count reads no consultant row on SQLite (the trigram index finds the
        // matches, the list's partial index says which are listed) and sorts nothing on PostgreSQL.
        const counts = plans.filter(
          (_, n) => /count\(/.test(queries[n]?.sql ?? "") && !/"newest"/.test(queries[n]?.sql ?? ""),
        );
        expect(counts).toHaveLength(1);
        for (const plan of counts) {
          if (sqlite()) {
            expect(plan).toMatch(/SCAN fts VIRTUAL TABLE INDEX \d+:M/);
            expect(plan).toMatch(/SEARCH consultants EXISTS USING (COVERING )?INDEX consultants_list/);
            expect(plan).not.toMatch(/INTEGER PRIMARY KEY/);
          } else expect(plan).not.toMatch(/Sort\b/);
        }
      }
    }
  });

  it("app user search by common and rare terms reads a page and a bounded total in index order", async () => {
    for (const term of ["an", "@example", "visa", terms.appUser]) {
      const queries = await queriesOf((db) =>
        pageOfUsers(db, { role: "AppUser", search: term }, { offset: 0, limit: 12 }),
      );
      for (const query of queries.filter((q) => /"users"/.test(q.sql))) expect(query.sql).toMatch(/limit/);
      const plans = await Promise.all(queries.map((query) => planOf(query, false)));
      expectIndexOrder(queries, plans, "users", term);
    }
  });

  it("a rare term is found by the trigram index, not by testing every row", async () => {
    // The page and the count of its matches; the sample of the newest rows (alias "newest") reads those.
    const lookups = async (run: (db: Db) => Promise<unknown>) => {
      const queries = (await queriesOf(run)).filter(
        (query) => /glob|like|match/.test(query.sql) && !/"newest"/.test(query.sql),
      );
      expect(queries.length).toBeGreaterThanOrEqual(2);
      return Promise.all(queries.map((query) => planOf(query, true)));
    };
    const consultantPlans = await lookups(async (db) => {
      await listConsultants(db, { search: terms.consultant, limit: 12, offset: 0 });
      await countConsultants(db, terms.consultant);
    });
    const userPlans = await lookups((db) =>
      pageOfUsers(db, { role: "AppUser", search: terms.appUser }, { offset: 0, limit: 12 }),
    );
    for (const [table, plans] of [
      ["consultants", consultantPlans],
      ["users", userPlans],
    ] as const) {
      for (const plan of plans) {
        if (sqlite()) expect(plan).toMatch(/SCAN fts VIRTUAL TABLE INDEX \d+:M/);
        else expect(plan).toContain(`${table}_search_trgm`);
      }
    }
  });

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

  /**
   * A sorted page reads its rows in the order of the sort's index (migration 013), forwards or backwards,
   * and stops at its LIMIT: no sort of every row, on either engine.
   */
  function expectSortIndex(plan: string, index: string) {
    if (sqlite()) {
      expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    } else {
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b|Seq Scan/);
    }
  }
  const consultantIndex = {
    name: "consultants_by_name",
    contactEmail: "consultants_by_contact_email",
    businessName: "consultants_by_business_name",
    country: "consultants_by_country",
    phoneNumber: "consultants_by_phone",
    createdAt: "consultants_by_created",
  } as const;
  const userIndex = {
    userName: "users_by_user_name",
    email: "users_by_email",
    fullName: "users_by_full_name",
    phoneNumber: "users_by_phone",
    cnic: "users_by_cnic",
    createdAt: "users_by_created",
  } as const;

  it("every consultant sort, both ways and with a filter, reads a page from its index", async () => {
    for (const field of CONSULTANT_SORTS) {
      for (const descending of [false, true]) {
        const plans = await plansOf(
          (db) => listConsultants(db, { sort: { field, descending }, approved: true, limit: 12, offset: 0 }),
          false,
          true,
        );
        expect(plans).toHaveLength(1);
        expectSortIndex(plans[0]!, consultantIndex[field]);
      }
    }
  });

  it("consultants of a country by business name: the sort's index, each row's country checked by its index", async () => {
    for (const country of [["canada"], ["canada", "pakistan"]]) {
      const plans = await plansOf(
        (db) =>
          listConsultants(db, { sort: { field: "businessName", descending: false }, country, limit: 12 }),
        false,
        true,
      );
      expect(plans).toHaveLength(1);
      const plan = plans[0]!;
      expectSortIndex(plan, "consultants_by_business_name");
      // One lookup per consultant read (migration 019), never a pattern tested on the countries text.
      if (sqlite()) expect(plan).toMatch(/SEARCH consultant_countries USING (PRIMARY KEY|(COVERING )?INDEX)/);
      else expect(plan).toMatch(/Index (Only )?Scan using consultant_countries_\w+ on consultant_countries/);
      expect(plan).not.toMatch(/like|~~/i);
    }
    // Its total: the sample and the capped count read consultant_countries by index too.
    const counts = await plansOf((db) => countConsultants(db, undefined, { country: ["canada"] }));
    for (const plan of counts) {
      expect(plan).not.toMatch(/^SCAN consultant_countries$|Seq Scan on consultant_countries/m);
    }
  });

  it("every app user sort, both ways, reads a page from its index", async () => {
    for (const field of USER_SORTS) {
      for (const descending of [false, true]) {
        const queries = await queriesOf((db) =>
          pageOfUsers(db, { role: "AppUser" }, { offset: 0, limit: 12 }, { field, descending }),
        );
        const page = queries.filter((query) => /"users"/.test(query.sql) && !/row_counts/.test(query.sql));
        expect(page).toHaveLength(1);
        expectSortIndex(await planOf(page[0]!, false, true), userIndex[field]);
      }
    }
  });

  it("the appointments open upcoming first from appointments_by_date, read both ways; other orders by their index", async () => {
    const today = "2030-03-10";
    const plans = await plansOf(
      (db) => listAppointments(db.kysely, {}, { limit: 12, offset: 0 }, { today }),
      false,
      true,
    );
    expect(plans.length).toBeGreaterThanOrEqual(1);
    for (const plan of plans) expectSortIndex(plan, "appointments_by_date");
    const created = await plansOf(
      (db) =>
        listAppointments(
          db.kysely,
          {},
          { limit: 12, offset: 0 },
          { today, sort: { field: "createdAt", descending: true } },
        ),
      false,
      true,
    );
    for (const plan of created) expectSortIndex(plan, "appointments_by_created");
    const customer = await t.db.kysely.selectFrom("appointments").select("userId").executeTakeFirstOrThrow();
    const mine = await plansOf(
      (db) => listAppointments(db.kysely, { userId: customer.userId }, { limit: 12, offset: 0 }, { today }),
      false,
      true,
    );
    for (const plan of mine) expectSortIndex(plan, "appointments_by_user_date");
  });

  it("the appointments' customer, consultant and status sorts, both ways and filtered, read their index", async () => {
    const appointmentIndex = {
      customer: "appointments_by_customer",
      consultant: "appointments_by_consultant_name",
      status: "appointments_by_status",
    } as const;
    for (const field of ["customer", "consultant", "status"] as const) {
      for (const descending of [false, true]) {
        for (const filters of [{}, { status: "Pending" as const }, { paid: false }]) {
          const plans = await plansOf(
            (db) =>
              listAppointments(
                db.kysely,
                filters,
                { limit: 12, offset: 0 },
                { today: "2030-03-10", sort: { field, descending } },
              ),
            false,
            true,
          );
          expect(plans).toHaveLength(1);
          expectSortIndex(plans[0]!, appointmentIndex[field]);
        }
      }
    }
    const pages = await queriesOf(async (db) => {
      const read = exportAppointments(
        db.kysely,
        { status: "Pending" },
        { today: "2030-03-10", sort: { field: "customer", descending: false } },
        100,
      );
      await read();
      await read();
    });
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const query of pages) expectSortIndex(await planOf(query, false, true), "appointments_by_customer");
  });

  it("an export continues after its last row through the sort's index (keyset pages)", async () => {
    const drain = async (read: () => Promise<unknown>, pages: number) => {
      for (let n = 0; n < pages; n++) await read();
    };
    const consultantPages = await queriesOf((db) =>
      drain(exportConsultants(db, {}, { field: "name", descending: true }, 100), 2),
    );
    expect(consultantPages.length).toBeGreaterThanOrEqual(2);
    // The second page starts after the first one's last row: a range of the index, not an OFFSET.
    expect(consultantPages[1]!.sql).not.toMatch(/offset/i);
    for (const query of consultantPages)
      expectSortIndex(await planOf(query, false, true), "consultants_by_name");
    const userPages = await queriesOf((db) =>
      drain(exportUsers(db, { role: "AppUser" }, { field: "email", descending: false }, 100), 2),
    );
    for (const query of userPages) expectSortIndex(await planOf(query, false, true), "users_by_email");
    const appointmentPages = await queriesOf((db) =>
      drain(exportAppointments(db.kysely, {}, { today: "2000-01-01" }, 100), 2),
    );
    for (const query of appointmentPages)
      expectSortIndex(await planOf(query, false, true), "appointments_by_date");
  });

  it("the header search reads each table's matches from its trigram indexes alone, then the listed ones by key", async () => {
    const term = { text: "khan", digits: "1234567" };
    for (const table of ["consultants", "users"] as const) {
      const pass = await plansOf((db) => matchingIds(db, table, term, 1000), true);
      if (sqlite()) {
        expect(pass).toHaveLength(2);
        for (const plan of pass) expect(plan).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
        for (const plan of pass) expect(plan).not.toMatch(new RegExp(`SCAN ${table}\\b`));
      } else {
        // The newest 4,000 rows first, then (a rare term) every match from the trigram indexes.
        const plans = pass.join("\n");
        expect(plans).toContain(`${table}_search_trgm`);
        expect(plans).toContain(`${table}_digits_trgm`);
      }
    }
    const among = [
      ...(await plansOf((db) => consultantsAmong(db, [1, 2, 3], 5))),
      ...(await plansOf((db) => usersAmong(db, "AppUser", [1, 2, 3], 5))),
    ];
    for (const plan of among) {
      if (sqlite())
        expect(plan).toMatch(/USING (INTEGER PRIMARY KEY|(COVERING )?INDEX \w+) \((rowid|id)=\?\)/);
      expect(plan).not.toMatch(/SCAN (users|consultants)$|Seq Scan on (users|consultants)/m);
    }
    // The span a capped pass's estimate needs: both ends of the primary key, no table read.
    for (const plan of await plansOf((db) => idSpan(db, "users"))) {
      expect(plan).not.toMatch(/SCAN users|Seq Scan on users/);
    }
  });

  it("the header search's window reads the newest rows by their list's index, and people's appointments by key", async () => {
    const term = { text: "zz" };
    const users = await plansOf((db) => usersInWindow(db, "internal", term, 5, 1000));
    if (sqlite()) expect(users.join("\n")).toMatch(/users USING (COVERING )?INDEX users_role_list/);
    for (const plan of users) expect(plan).not.toMatch(/SCAN users$|Seq Scan on users/m);
    const appointments = await plansOf((db) => appointmentsInWindow(db, term, 5, 1000));
    if (sqlite())
      expect(appointments.join("\n")).toMatch(/appointments USING (COVERING )?INDEX appointments_by_date/);
    for (const plan of appointments) {
      expect(plan).not.toMatch(/SCAN (users|consultants)$|Seq Scan on (users|consultants)/m);
    }
    const queries = await queriesOf((db) => appointmentsOf(db, { users: [1, 2], consultants: [3] }, 5));
    const page = queries.find((query) => /union/.test(query.sql) && /inner join/.test(query.sql));
    const items = await planOf(page as CompiledQuery, false);
    if (sqlite()) expect(items).toMatch(/SEARCH appointments USING INTEGER PRIMARY KEY/);
    else expect(items).toMatch(/appointments_by_user|appointments_by_consultant/);
    expect(items).not.toMatch(/SCAN appointments USING (COVERING )?INDEX appointments_by_date/);
  });
});
