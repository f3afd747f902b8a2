import { type ListTotal, rounded } from "#api/db/list-total";
import { NUMBER_SEPARATORS } from "#api/db/migrations/023-search-in-step";
import { type SearchTerm, TRIGRAM } from "#api/db/search";

/**
 * The header search's one shortcut, the same on both engines:
 *
 *   Of each kind of record, the header search tests at most SEARCH_WINDOW records one by one. A kind with
 *   no more records than that (internal users, as a rule) is tested whole. A larger kind is answered from
 *   the trigram indexes when the term has 3 or more characters (or holds a run of digits), every match
 *   found; a shorter term, which no trigram index can answer, is looked for among the newest
 *   SEARCH_WINDOW records only, and its total is then an estimate from their share (totalIsEstimate).
 *
 * Appointments are found by their customer or consultant: from the people the indexes find while they are
 * at most SEARCH_WINDOW of each; otherwise (a short or very common term) among the newest SEARCH_WINDOW
 * appointments, each tested by its customer's and consultant's text.
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
 * The newest `limit` of two groups of matches, each newest (highest id) first and disjoint: the list's
 * matches and those found by digits alone.
 */
export function newestOf<R extends { id: number }>(a: R[], b: R[], limit: number): R[] {
  return [...a, ...b].sort((x, y) => y.id - x.id).slice(0, limit);
}

/** The sum of two disjoint groups' totals, an estimate if either is. */
export function sumOf(a: ListTotal, b: ListTotal): ListTotal {
  const total = a.total + b.total;
  return a.totalIsEstimate || b.totalIsEstimate ? { total, totalIsEstimate: true } : { total };
}
