import type { BulkCounts } from "../../apps/api/src/db/seed/generate";
import { fmt, k } from "./log";

export function sizes(consultants: number, appUsers: number, appointments: number): BulkCounts {
  return { consultants, appUsers, appointments };
}

export function describeCounts(counts: BulkCounts) {
  return `${fmt(counts.consultants)} consultants, ${fmt(counts.appUsers)} app users, ${fmt(counts.appointments)} appointments`;
}

/** The sizes as a results file keeps them: "small.consultants", "large.appointments"… */
export function prefix(name: string, counts: BulkCounts) {
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [`${name}.${key}`, value]));
}

/** One kind of record's two sizes, as a figure's name shows them: "100k vs 1,000". */
export const vs = (plan: { small: BulkCounts; large: BulkCounts }, key: keyof BulkCounts) =>
  `${k(plan.large[key])} vs ${k(plan.small[key])}`;
