import type { Db } from "#api/db/database";
import { type ListTotal, rounded } from "#api/db/list-total";
import { NUMBER_SEPARATORS } from "#api/db/migrations/023-search-in-step";
import {
  type IdPass,
  idSpan,
  matchingIds,
  type SearchableTable,
  type SearchTerm,
  TRIGRAM,
} from "#api/db/search";

/**
 * The header search's one shortcut, the same on both engines:
 *
 *   Of each kind of record, the header search tests at most SEARCH_WINDOW records one by one. A kind with
 *   no more records than that (internal users, as a rule) is tested whole. A larger kind is answered from
 *   the trigram indexes when the term has 3 or more characters (or holds a run of digits), every match
 *   found; a shorter term, which no trigram index can answer, is looked for among the newest
 *   SEARCH_WINDOW records only, and its total is then an estimate from their share (totalIsEstimate).
 *
 *   A larger kind is read from the trigram indexes once per table (one pass: the newest SEARCH_WINDOW ids
 *   matching the term's text or digits, from the indexes alone); every group of that table (app users and
 *   internal users, the people of appointments) takes its page and its total from those ids. While the pass
 *   holds every match, the total is exact; past SEARCH_WINDOW matches it is their share of the ids the pass
 *   covered, applied to all of them (passTotal), marked an estimate.
 *
 * Appointments are found by their customer or consultant: from the people the passes find while they are
 * at most SEARCH_WINDOW of each; otherwise (a short or very common term) among the newest SEARCH_WINDOW
 * appointments, each tested by its customer's and consultant's text, or by the passes where they know the
 * answer (every person a complete pass holds; above a capped pass's lowest id, every match).
 */
export const SEARCH_WINDOW = 1000;

/** The fewest digits of a phone number or CNIC the header search looks for on their own. */
export const DIGIT_RUN = 4;

/** Digits and the separators people type between them, nothing else. */
const numberLike = new RegExp(`^[0-9${NUMBER_SEPARATORS.map((c) => `\\${c}`).join("")}]+$`);

/** The term as the header search reads it: its text, its digits when it is a run of at least DIGIT_RUN. */
export interface HeaderTerm extends SearchTerm {
  /** The trigram indexes can answer it. */
  indexed: boolean;
}

export function headerTerm(text: string): HeaderTerm {
  const digits = numberLike.test(text) ? text.replace(/[^0-9]/g, "") : "";
  return {
    text,
    ...(digits.length >= DIGIT_RUN ? { digits } : {}),
    indexed: [...text].length >= TRIGRAM,
  };
}

/** Whether a kind of `population` records is read as its newest SEARCH_WINDOW, tested one by one. */
export const readsWindow = (term: HeaderTerm, population: number): boolean =>
  population <= SEARCH_WINDOW || !term.indexed;

/**
 * The total a window gives: its hits, exact when it held every record of the kind (fewer than
 * SEARCH_WINDOW seen, or the whole population); else their share of the population, marked an estimate.
 */
export function windowTotal(window: { seen: number; hits: number }, population: number): ListTotal {
  if (window.seen < SEARCH_WINDOW || window.seen >= population) return { total: window.hits };
  const share = (window.hits / window.seen) * population;
  return { total: Math.max(window.hits, rounded(Math.round(share))), totalIsEstimate: true };
}

/**
 * A group's total from a pass: `hits` of the pass's ids belong to the group. Exact when the pass held
 * every match; else their share of the ids the pass covered (lowest..max) applied to the table's whole
 * span of ids, never less than the hits seen, marked an estimate.
 */
export function passTotal(
  hits: number,
  pass: IdPass,
  span: { min: number; max: number } | undefined,
): ListTotal {
  if (pass.complete || pass.lowest === undefined || !span) return { total: hits };
  const covered = span.max - pass.lowest + 1;
  const share = (hits / Math.max(1, covered)) * (span.max - span.min + 1);
  return { total: Math.max(hits, rounded(Math.round(share))), totalIsEstimate: true };
}

/**
 * The passes of one header search, run once per table and shared by every group that reads the table
 * (app users and internal users, the people of appointments).
 */
export type SharedPasses = <T extends string>(table: T, run: () => Promise<IdPass>) => Promise<IdPass>;

export function sharedPasses(): SharedPasses {
  const passes = new Map<string, Promise<IdPass>>();
  return (table, run) => {
    let pass = passes.get(table);
    if (!pass) {
      pass = run();
      passes.set(table, pass);
    }
    return pass;
  };
}

/** The table's pass for this search, run by the first group that asks. */
export const passOf = (db: Db, passes: SharedPasses, table: SearchableTable, term: HeaderTerm) =>
  passes(table, () => matchingIds(db, table, term, SEARCH_WINDOW));

/** The passes of both tables that hold the people of appointments: accounts and consultants. */
export interface People {
  users: IdPass;
  consultants: IdPass;
}

/** The accounts' and consultants' passes of this search, whose people's appointments the search reads. */
export async function peopleOf(db: Db, passes: SharedPasses, term: HeaderTerm): Promise<People> {
  const [users, consultants] = await Promise.all([
    passOf(db, passes, "users", term),
    passOf(db, passes, "consultants", term),
  ]);
  return { users, consultants };
}

/**
 * One kind of record's part of the header search: the newest SEARCH_WINDOW tested one by one when the kind
 * is small or the term short (readsWindow), else those of the table's pass; with its total. The kind's
 * module reads its own rows: how many it has, its window, and those among the pass's ids.
 */
export async function searchKind<R>(
  db: Db,
  passes: SharedPasses,
  table: SearchableTable,
  text: string,
  reads: {
    population: () => Promise<number>;
    inWindow: (
      term: HeaderTerm,
      size: number,
    ) => Promise<{ rows: R[]; window: { seen: number; hits: number } }>;
    among: (ids: number[]) => Promise<{ rows: R[]; hits: number }>;
  },
): Promise<{ rows: R[] } & ListTotal> {
  const term = headerTerm(text);
  const population = await reads.population();
  if (readsWindow(term, population)) {
    const { rows, window } = await reads.inWindow(term, SEARCH_WINDOW);
    return { rows, ...windowTotal(window, population) };
  }
  const pass = await passOf(db, passes, table, term);
  const [{ rows, hits }, span] = await Promise.all([
    reads.among(pass.ids),
    pass.complete ? undefined : idSpan(db, table),
  ]);
  return { rows, ...passTotal(hits, pass, span) };
}
