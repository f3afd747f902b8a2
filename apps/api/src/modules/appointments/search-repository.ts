import { type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#api/db/database";
import { boundedTotal, EXACT_TOTAL_LIMIT, type ListTotal, readRowCounts } from "#api/db/list-total";
import type { Database } from "#api/db/schema";
import { type IdPass, matchesTerm, type SearchTerm, sampleWhere, windowOf } from "#api/db/search";
import { orderOf } from "#api/db/sorting";
import type { People } from "../search/window";
import { type AppointmentRecord, byDate, newestFirst, selectAppointments } from "./repository";

/** The header search's queries of appointments (modules/search/window.ts). */

/**
 * The appointments of the given accounts and consultants, newest date first (at most `limit`), and their
 * total: read by appointments_by_user and appointments_by_consultant.
 */
export async function appointmentsOf(
  db: Db,
  people: { users: number[]; consultants: number[] },
  limit: number,
): Promise<{ rows: AppointmentRecord[]; total: ListTotal }> {
  const parts = [
    ...(people.users.length
      ? [db.kysely.selectFrom("appointments").select("id").where("userId", "in", people.users)]
      : []),
    ...(people.consultants.length
      ? [db.kysely.selectFrom("appointments").select("id").where("consultantId", "in", people.consultants)]
      : []),
  ];
  const [first, second] = parts;
  if (!first) return { rows: [], total: { total: 0 } };
  // One set of ids, probed by primary key: the date order is then a sort of these few rows.
  const ids = second ? first.union(second) : first;
  const found = (eb: ExpressionBuilder<Database, "appointments">) => eb("appointments.id", "in", ids);
  const countUpTo = async (cap: number) => {
    const row = await db.kysely
      .selectFrom(ids.limit(cap).as("found"))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  // Counted first: at most 1,000 people of each kind hold few appointments, read from two indexes; the
  // newest appointments are sampled only when there are more, to estimate.
  const total = async (): Promise<ListTotal> => {
    const counted = await countUpTo(EXACT_TOTAL_LIMIT + 1);
    if (counted <= EXACT_TOTAL_LIMIT) return { total: counted };
    return boundedTotal({
      countUpTo: async () => counted,
      sample: (size) =>
        sampleWhere(db, newestFirst(db.kysely), found(expressionBuilder<Database, "appointments">()), size),
      population: () => appointmentPopulation(db),
    });
  };
  const [rows, counted] = await Promise.all([
    selectAppointments(db.kysely).where(found).orderBy(orderOf(byDate, true)).limit(limit).execute(),
    total(),
  ]);
  return { rows, total: counted };
}

/** How many appointments there are, from the counter. */
export async function appointmentPopulation(db: Db): Promise<number> {
  return (await readRowCounts(db.kysely, ["appointments"])).appointments;
}

/**
 * The header search on the newest `size` appointments (modules/search/window.ts), each tested by its
 * customer's and consultant's text in one pass: the first `limit` that match, newest date first, and how
 * many of the `size` matched. With the search's passes of accounts and consultants (`people`), a person
 * the passes know about is tested by id instead of by reading their row: every person of a complete
 * pass, and those at or above a capped pass's lowest id.
 */
export async function appointmentsInWindow(
  db: Db,
  term: SearchTerm,
  limit: number,
  size: number,
  people?: People,
) {
  type Appointments = ExpressionBuilder<Database, "appointments">;
  const matches = (
    eb: Appointments,
    table: "users" | "consultants",
    person: "appointments.userId" | "appointments.consultantId",
    pass: IdPass | undefined,
  ) => {
    // One lookup by key: the OFFSET keeps PostgreSQL from planning it as a hash of every matching person
    // instead, which reads the whole table for a common term.
    const byRow = eb.exists(
      eb
        .selectFrom(table)
        .select(sql<number>`1`.as("one"))
        .whereRef(`${table}.id`, "=", person)
        .where(matchesTerm(db, table, term))
        .limit(1)
        .offset(0),
    );
    if (!pass) return byRow;
    const inPass = pass.ids.length > 0 ? eb(person, "in", pass.ids) : sql<SqlBool>`false`;
    if (pass.complete || pass.lowest === undefined) return inPass;
    // Below the pass's lowest id its matches are not all known: those people are tested by their row.
    return eb.or([inPass, eb.and([eb(person, "<", pass.lowest), byRow])]);
  };
  const hit = (eb: Appointments) =>
    eb.or([
      matches(eb, "users", "appointments.userId", people?.users),
      matches(eb, "consultants", "appointments.consultantId", people?.consultants),
    ]);
  const { ids, ...window } = await windowOf(
    "appointments",
    newestFirst(db.kysely),
    hit(expressionBuilder<Database, "appointments">()),
    size,
    limit,
  );
  const rows = ids.length
    ? await selectAppointments(db.kysely)
        .where("appointments.id", "in", ids)
        .orderBy(orderOf(byDate, true))
        .execute()
    : [];
  return { rows, window };
}
