import type { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { appointmentsInWindow, appointmentsOf } from "../modules/appointments/search-repository";
import { consultantsAmong, countConsultants, listConsultants } from "../modules/consultants/list-repository";
import { pageOfUsers, usersAmong, usersInWindow } from "../modules/users/repository";
import type { Db } from "./database";
import { planOf, plansOf, queriesOf, sqlite, terms, useQueryPlansApp } from "./query-plans-test-app";
import { idSpan, matchingIds } from "./search";

/** The plans of searches: a list's search by common and rare terms, and the header search. */
useQueryPlansApp();

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
