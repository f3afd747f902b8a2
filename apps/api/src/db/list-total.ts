import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Up to this many matches a list's total is exact; above it, it is an estimate (and says so). */
export const EXACT_TOTAL_LIMIT = 1000;
/** How many of the newest rows an estimate looks at. */
export const ESTIMATE_SAMPLE = 2000;

export interface ListTotal {
  total: number;
  /** Present (true) only when total is an estimate. */
  totalIsEstimate?: true;
}

/** The counters the database keeps (migration 007), by name; a name never counted reads 0. */
export async function readRowCounts<N extends string>(
  db: Kysely<Database>,
  names: readonly N[],
): Promise<Record<N, number>> {
  const rows = await db
    .selectFrom("rowCounts")
    .select(["name", "value"])
    .where("name", "in", [...names])
    .execute();
  const counts = Object.fromEntries(names.map((name) => [name, 0])) as Record<N, number>;
  for (const row of rows) counts[row.name as N] = Number(row.value);
  return counts;
}

/** Two significant digits: an estimate should not look more exact than it is. */
function rounded(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * The total of a filtered list without visiting every match: an exact count while it stays under
 * EXACT_TOTAL_LIMIT (reading at most one more match), else the share of matches among the newest
 * ESTIMATE_SAMPLE rows of the unfiltered set times that set's counted size.
 */
export async function boundedTotal(parts: {
  /** The number of matches, reading no more than `limit` of them. */
  countUpTo: (limit: number) => Promise<number>;
  /** How many of the newest `size` rows of the unfiltered set match, and how many were looked at. */
  sample: (size: number) => Promise<{ seen: number; hits: number }>;
  /** The size of the unfiltered set, from a counter. */
  population: () => Promise<number>;
}): Promise<ListTotal> {
  const counted = await parts.countUpTo(EXACT_TOTAL_LIMIT + 1);
  if (counted <= EXACT_TOTAL_LIMIT) return { total: counted };
  const [population, sample] = await Promise.all([parts.population(), parts.sample(ESTIMATE_SAMPLE)]);
  // The sample was the whole set: its hits are the exact total.
  if (sample.seen < ESTIMATE_SAMPLE || sample.seen >= population) return { total: sample.hits };
  const estimate = Math.round((sample.hits / sample.seen) * population);
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, rounded(estimate)), totalIsEstimate: true };
}
