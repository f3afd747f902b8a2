import { alternate, type Latency, type ListRequest, latencyFigure } from "../lib/latency";
import { say } from "../lib/log";
import type { Figure } from "../lib/report";
import type { Bench, Side } from "../lib/side";
import { vs } from "../lib/sizes";

// Figures 2, 3 and the dashboard's 7, and the header search: p95 on both sides of one engine.

/**
 * The list, search, filter and count requests whose cost must not grow with the table: common search
 * terms (two letters, a word in most business names, a country, an email domain) beside rare surnames.
 */
function listRequests(): ListRequest[] {
  const page = "page=1&pageSize=12";
  const consultants = (term: string) =>
    `/api/v2/Consultants/consultants?${page}&search=${encodeURIComponent(term)}`;
  const appUsers = (term: string) =>
    `/api/v2/User/users?role=AppUser&${page}&search=${encodeURIComponent(term)}`;
  const appointments = "/api/v2/userAppointment/appointments";
  return [
    ...["an", "visa", "canada"].map((term) => ({
      figure: `2. consultant search "${term}"`,
      sizes: "consultants" as const,
      url: () => consultants(term),
      atMost: 3,
    })),
    {
      figure: "2. consultant search, a surname",
      sizes: "consultants",
      url: (side) => consultants(side.targets.consultantTerm),
      atMost: 3,
    },
    ...["an", "@example"].map((term) => ({
      figure: `2. app user search "${term}"`,
      sizes: "appUsers" as const,
      url: () => appUsers(term),
      atMost: 3,
    })),
    {
      figure: "2. app user search, a surname",
      sizes: "appUsers",
      url: (side) => appUsers(side.targets.appUserTerm),
      atMost: 3,
    },
    {
      figure: "3. consultants, first page",
      sizes: "consultants",
      url: () => `/api/v2/Consultants/consultants?${page}`,
      atMost: 3,
    },
    {
      figure: "3. app users, first page",
      sizes: "appUsers",
      url: () => `/api/v2/User/users?role=AppUser&${page}`,
      atMost: 3,
    },
    {
      figure: "3. appointments, first page",
      sizes: "appointments",
      url: () => `${appointments}?${page}`,
      atMost: 3,
    },
    {
      figure: "3. appointments, status Pending",
      sizes: "appointments",
      url: () => `${appointments}?${page}&status=Pending`,
      atMost: 3,
    },
    {
      figure: "3. appointments of a consultant",
      sizes: "appointments",
      url: (side) => `${appointments}?${page}&consultantId=${side.targets.consultantGuid}`,
      atMost: 3,
    },
    { figure: "7. dashboard stats", sizes: "consultants", url: () => "/api/v2/Dashboard/stats", atMost: 2 },
  ];
}

/** p95 of every list request on both sides of one engine, as figures. */
export async function listFigures(bench: Bench, sides: Side[], engine: string) {
  const figures: Figure[] = [];
  const latency: Record<string, Latency> = {};
  for (const request of listRequests()) {
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
  const header = await headerSearchFigures(bench, sides, engine);
  return { figures: [...figures, ...header.figures], latency: { ...latency, ...header.latency } };
}

/** The header search's goal: at most this many times the baseline, and at most HEADER_SEARCH_MS. */
const HEADER_SEARCH_RATIO = 3;
const HEADER_SEARCH_MS = 100;

/**
 * The header search (GET /api/v2/search, 5 of each kind) for a short common term, a short rare one, a word
 * in most business names, a surname and a 4-digit run of a CNIC: the same terms on both sides.
 */
function headerSearchRequests(): Array<{ term: string; url: (side: Side) => string }> {
  const url = (term: string) => `/api/v2/search?q=${encodeURIComponent(term)}&limit=5`;
  return [
    ...["an", "zz", "visa"].map((term) => ({ term: `'${term}'`, url: () => url(term) })),
    { term: "a surname", url: (side: Side) => url(side.targets.appUserTerm) },
    { term: "a 4-digit CNIC run", url: (side: Side) => url(side.targets.cnicFragment) },
  ];
}

/** p95 of the header search per term on both sides of one engine: met when within both goals. */
export async function headerSearchFigures(bench: Bench, sides: Side[], engine: string) {
  const figures: Figure[] = [];
  const latency: Record<string, Latency> = {};
  for (const request of headerSearchRequests()) {
    const name = `header search ${request.term} p95, ${vs(bench.plan, "consultants")} (${engine})`;
    say(name);
    const measured = await alternate(bench.plan, sides, request.url);
    latency[`header search ${request.term}`] = measured;
    const figure = latencyFigure(name, measured, HEADER_SEARCH_RATIO);
    figures.push({
      ...figure,
      goal: `${figure.goal} and <= ${HEADER_SEARCH_MS} ms`,
      met:
        figure.met === undefined || measured.large === undefined
          ? undefined
          : figure.met && measured.large <= HEADER_SEARCH_MS,
    });
  }
  return { figures, latency };
}
