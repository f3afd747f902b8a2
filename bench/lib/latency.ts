import type { BulkCounts } from "../../apps/api/src/db/seed/generate";
import type { Plan } from "../options";
import { load, warmUp } from "./load";
import { fmt, say } from "./log";
import { type Figure, ratioFigure } from "./report";
import type { Side } from "./side";

export interface Latency {
  small?: number | undefined;
  large?: number | undefined;
  p50?: { small?: number | undefined; large?: number | undefined };
  matches: { small?: number | undefined; large?: number | undefined };
  /** The sides whose answer gave an estimated total. */
  estimated?: Side["name"][];
  note?: string;
}

/** One list request measured on both sides, with its goal on the ratio large / small. */
export interface ListRequest {
  figure: string;
  sizes: keyof BulkCounts;
  url: (side: Side) => string;
  atMost: number;
}

/** p95 of one list call on each side, in alternating rounds of one connection each. */
export async function alternate(plan: Plan, sides: Side[], urlOf: (side: Side) => string): Promise<Latency> {
  const result: Latency = { matches: {}, p50: {} };
  const samples: Record<string, number[]> = { small: [], large: [] };
  for (const side of sides) {
    const url = `${side.server.url}${urlOf(side)}`;
    const probe = await fetch(url, { headers: side.headers });
    if (!probe.ok) {
      result.note = `${urlOf(side).split("?")[0]} answered ${probe.status}`;
      return result;
    }
    const body = (await probe.json()) as { total?: number; totalIsEstimate?: boolean };
    result.matches[side.name] = body.total;
    if (body.totalIsEstimate) result.estimated = [...(result.estimated ?? []), side.name];
    await warmUp(url, side.headers);
  }
  for (let round = 0; round < plan.rounds; round += 1) {
    for (const side of sides) {
      const run = await load({
        url: `${side.server.url}${urlOf(side)}`,
        headers: side.headers,
        connections: 1,
        amount: Math.ceil(plan.requests / plan.rounds),
      });
      if (run.failures > 0) result.note = `${run.failures} failed answers on the ${side.name} side`;
      samples[side.name]?.push(...run.times);
    }
  }
  const percentile = (times: number[], p: number) => {
    const sorted = [...times].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
  };
  result.small = percentile(samples.small ?? [], 0.95);
  result.large = percentile(samples.large ?? [], 0.95);
  result.p50 = { small: percentile(samples.small ?? [], 0.5), large: percentile(samples.large ?? [], 0.5) };
  say(
    `  p95 ${result.small?.toFixed(1)} ms (small) vs ${result.large?.toFixed(1)} ms (large); p50 ${result.p50.small?.toFixed(1)} vs ${result.p50.large?.toFixed(1)}: ${urlOf(sides[0] as Side).split("?")[0]}`,
  );
  return result;
}

export function latencyFigure(name: string, latency: Latency, atMost = 3): Figure {
  const { small, large } = latency.matches;
  const about = (side: Side["name"]) => (latency.estimated?.includes(side) ? "about " : "");
  const note =
    latency.note ??
    (small === undefined
      ? undefined
      : `matching rows ${about("small")}${fmt(small)} then ${about("large")}${fmt(large ?? 0)}; p50 ${latency.p50?.small?.toFixed(1)} then ${latency.p50?.large?.toFixed(1)} ms`);
  return ratioFigure(name, "ms", latency.large, latency.small, { atMost }, note);
}
