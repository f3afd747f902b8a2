import type { Browser, Page } from "@playwright/test";
import { listTab, timeToRows } from "../lib/browser";
import { type Figure, ratioFigure } from "../lib/report";
import type { Bench, Side } from "../lib/side";
import { vs } from "../lib/sizes";

const ROUTES = ["/users", "/app-users", "/user-appointments"] as const;
type Navigation = Record<(typeof ROUTES)[number], { small?: number; large?: number; note?: string }>;

/** Median navigation time per list on each side, the two sides taking turns. */
export async function navigations(bench: Bench, browser: Browser, sides: Side[]) {
  const result = {} as Navigation;
  for (const side of sides) side.tab = await listTab(browser, side.server.url, side.session, ROUTES);
  for (const route of ROUTES) {
    const times: Record<string, number[]> = { small: [], large: [] };
    result[route] = {};
    try {
      for (let round = 0; round < bench.plan.rounds; round += 1) {
        for (const side of sides) times[side.name]?.push(await timeToRows(side.tab as Page, route));
      }
      const median = (list: number[]) =>
        [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
      result[route] = { small: median(times.small ?? []), large: median(times.large ?? []) };
    } catch (error) {
      result[route] = { note: `12 rows never showed: ${(error as Error).message.split("\n")[0]}` };
    }
  }
  return result;
}

/** Figure 5: each list's navigation to 12 rows on the large side at most 1.5 times the small side's. */
export function navigationFigures(bench: Bench, navigation: Navigation): Figure[] {
  return ROUTES.map((route) => {
    const key = route === "/users" ? "consultants" : route === "/app-users" ? "appUsers" : "appointments";
    const { small: a, large: b, note } = navigation[route];
    return ratioFigure(
      `5. Chromium ${route} to 12 rows, ${vs(bench.plan, key)}`,
      "ms",
      b,
      a,
      { atMost: 1.5 },
      note,
    );
  });
}
