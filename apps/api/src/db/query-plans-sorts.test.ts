import { CONSULTANT_SORTS, USER_SORTS } from "@visadesk/contract/lists-constants";
import { describe, expect, it } from "vitest";
import { exportAppointments, listAppointments } from "../modules/appointments/list-repository";
import { countConsultants, exportConsultants, listConsultants } from "../modules/consultants/list-repository";
import { exportUsers, pageOfUsers } from "../modules/users/repository";
import { planOf, plansOf, queriesOf, sqlite, t, useQueryPlansApp } from "./query-plans-test-app";

/** The plans of sorted lists and of the exports' keyset pages. */
useQueryPlansApp();

describe("query plans of the lists that must scale", () => {
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
});
