import { sqliteThenPostgresRun } from "../lib/engines";
import { alternate, type Latency, type ListRequest, latencyFigure } from "../lib/latency";
import { say } from "../lib/log";
import type { Figure } from "../lib/report";
import type { Bench, Side } from "../lib/side";
import { vs } from "../lib/sizes";
import { headerSearchFigures } from "./search";

/**
 * Figure 11: list pages sorted by a column and narrowed by a filter, as staff combine them. Each is read in
 * its sort's index order and stops at its page; the filter only skips rows on the way, so the cost must not
 * grow with the table.
 */
function sortedListRequests(smoke: boolean): ListRequest[] {
  const page = "page=1&pageSize=12";
  const requests: ListRequest[] = [
    {
      figure: "11. consultants approved, newest first",
      sizes: "consultants",
      url: () => `/api/v2/Consultants/consultants?${page}&approved=true&sort=-createdAt`,
      atMost: 3,
    },
    {
      figure: "11. consultants of one country by business name",
      sizes: "consultants",
      url: () => `/api/v2/Consultants/consultants?${page}&country=canada&sort=businessName`,
      atMost: 3,
    },
    {
      figure: "11. appointments Pending by customer",
      sizes: "appointments",
      url: () => `/api/v2/userAppointment/appointments?${page}&status=Pending&sort=customer`,
      atMost: 3,
    },
    {
      figure: "11. appointments by status, descending",
      sizes: "appointments",
      url: () => `/api/v2/userAppointment/appointments?${page}&sort=-status`,
      atMost: 3,
    },
    {
      figure: "11. app users active by name",
      sizes: "appUsers",
      url: () => `/api/v2/User/users?role=AppUser&${page}&status=active&sort=fullName`,
      atMost: 3,
    },
  ];
  return smoke ? requests.slice(0, 1) : requests;
}

/** Figure 11 and the header search on both sides of one engine (a smoke run: the first list only). */
async function sortedListFigures(bench: Bench, sides: Side[], engine: string) {
  const figures: Figure[] = [];
  const latency: Record<string, Latency> = {};
  for (const request of sortedListRequests(bench.smoke)) {
    say(`${request.figure} (${engine})`);
    const measured = await alternate(bench.plan, sides, request.url);
    latency[request.figure] = measured;
    figures.push(
      latencyFigure(
        `${request.figure} p95, ${vs(bench.plan, request.sizes)} (${engine})`,
        measured,
        request.atMost,
      ),
    );
  }
  if (!bench.smoke) {
    const header = await headerSearchFigures(bench, sides, engine);
    figures.push(...header.figures);
    Object.assign(latency, header.latency);
  }
  return { figures, latency };
}

/** `--only lists` and `--smoke`: figure 11 on SQLite, and on PostgreSQL with DATABASE_URL set; no web build. */
export function listsRun(bench: Bench) {
  return sqliteThenPostgresRun(bench, "lists", (sides, engine) => sortedListFigures(bench, sides, engine));
}
