import { listMessages, MAX_EXACT_TOTAL } from "@visadesk/contract/lists-constants";
import type { Kysely } from "kysely";
import { ValidationError } from "#api/lib/errors";
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

/** The sum of the counters named `prefix` followed by a key from `fromKey` on (day counters, migration 007). */
export async function sumRowCountsFrom(
  db: Kysely<Database>,
  prefix: string,
  fromKey: string,
): Promise<number> {
  const row = await db
    .selectFrom("rowCounts")
    .select((eb) => eb.fn.sum<number>("value").as("count"))
    .where("name", ">=", `${prefix}${fromKey}`)
    .where("name", "<", `${prefix}~`)
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/** Two significant digits: an estimate should not look more exact than it is. */
export function rounded(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * The total asked for before acting on every match (exactTotal=true): counted, never estimated, since the
 * number staff confirm must be the number changed. Reads at most MAX_EXACT_TOTAL + 1 matches; past that a
 * 400 asks to narrow the list rather than count (and then act on) an unbounded set.
 */
export async function exactTotal(countUpTo: (limit: number) => Promise<number>): Promise<ListTotal> {
  const counted = await countUpTo(MAX_EXACT_TOTAL + 1);
  if (counted > MAX_EXACT_TOTAL) throw new ValidationError({ exactTotal: listMessages.tooManyToCount });
  return { total: counted };
}

/**
 * The total of a filtered list without visiting every match. First the newest ESTIMATE_SAMPLE rows of the
 * unfiltered list are tested: when that is the whole list, its hits are the exact total; when more than
 * EXACT_TOTAL_LIMIT of them match, the total is estimated from their share (no count needed, which is what
 * keeps common terms cheap). Otherwise the matches are counted, reading at most EXACT_TOTAL_LIMIT + 1 of
 * them, and estimated only if there are more.
 */
export async function boundedTotal(parts: {
  /** The number of matches, reading no more than `limit` of them. */
  countUpTo: (limit: number) => Promise<number>;
  /** How many of the newest `size` rows of the unfiltered set match, and how many were looked at. */
  sample: (size: number) => Promise<{ seen: number; hits: number }>;
  /** The size of the unfiltered set, from a counter. */
  population: () => Promise<number>;
}): Promise<ListTotal> {
  const sample = await parts.sample(ESTIMATE_SAMPLE);
  if (sample.seen < ESTIMATE_SAMPLE) return { total: sample.hits };
  const estimate = async (): Promise<ListTotal> => {
    const share = Math.round((sample.hits / sample.seen) * (await parts.population()));
    return { total: Math.max(EXACT_TOTAL_LIMIT + 1, rounded(share)), totalIsEstimate: true };
  };
  if (sample.hits > EXACT_TOTAL_LIMIT) return estimate();
  const counted = await parts.countUpTo(EXACT_TOTAL_LIMIT + 1);
  return counted <= EXACT_TOTAL_LIMIT ? { total: counted } : estimate();
}
