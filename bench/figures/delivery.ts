import fs from "node:fs";
import os from "node:os";
import type { Browser } from "@playwright/test";
import { paths } from "../../apps/web/src/lib/paths";
import { bytesTransferred, javascriptDownloaded, launchChromium, type Transfer } from "../lib/browser";
import { type LighthouseResult, medianLighthouse } from "../lib/lighthouse";
import { say } from "../lib/log";
import { type Figure, floorFigure, limitFigure, report } from "../lib/report";
import { ADMIN, type Bench, CUSTOMER_SITE, printLogTails, type Side, startSide } from "../lib/side";
import { describeCounts, prefix } from "../lib/sizes";
import { largestChunkKb } from "../lib/targets";

/**
 * Every screen of the back office, as the app's router names them (apps/web/src/lib/paths.ts): the public
 * ones, then each signed-in screen, a record's pages with records of the loaded data.
 */
async function screens(side: Side): Promise<Array<{ route: string; signedIn: boolean }>> {
  const appUser = await side.db.kysely
    .selectFrom("users")
    .select("guidId")
    .where("role", "=", "AppUser")
    .where("deletedAt", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const consultant = side.targets.consultantGuid;
  const listed = await side.db.kysely
    .selectFrom("consultants")
    .select("guidId")
    .where("isApproved", "=", true)
    .where("deletedAt", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  // The customer site's directory and a consultant's profile (the pages customers land on from a link).
  const customerSite = [CUSTOMER_SITE, `${CUSTOMER_SITE}consultants/${listed.guidId}`];
  const open = [paths.login, paths.register, paths.forgotPassword, ...customerSite];
  const signedIn = [
    paths.home,
    paths.consultants.list,
    paths.consultants.add,
    paths.consultants.edit(consultant),
    paths.consultants.timings(consultant),
    paths.consultants.addresses(consultant),
    paths.appUsers.list,
    paths.appUsers.add,
    paths.appUsers.edit(appUser.guidId),
    paths.internalUsers.list,
    paths.activity,
    paths.appointments.list,
    `${paths.appointments.list}?view=calendar`,
    paths.notifications,
    paths.settings,
  ];
  return [
    ...open.map((route) => ({ route, signedIn: false })),
    ...signedIn.map((route) => ({ route, signedIn: true })),
  ];
}

/**
 * What reaches the browser on a cold visit of /login and of the signed-in /users: JavaScript downloaded
 * (figure 4), scripts and stylesheets as transferred (figure 7); and Lighthouse on every screen, on a cold
 * and on a repeat visit (figure 8, the median of 5 runs each; `--quick`: one run).
 */
export async function deliveryFigures(bench: Bench, browser: Browser, side: Side) {
  // Five: Lighthouse's own guidance on variability (the median of five runs swings about half as much as one
  // run); with three, a screen whose runs lie around 96 fell under 95 in one delivery run out of two.
  const lighthouseRuns = bench.quick ? 1 : 5;
  say("JavaScript downloaded");
  const login = await javascriptDownloaded(browser, side.server.url, "/login");
  const users = await javascriptDownloaded(browser, side.server.url, "/users", side.session);
  say("bytes transferred by a cold visit (scripts and stylesheets as sent, headers included)");
  const transfer = {
    login: await bytesTransferred(browser, side.server.url, "/login"),
    users: await bytesTransferred(browser, side.server.url, "/users", side.session),
    directory: await bytesTransferred(browser, side.server.url, CUSTOMER_SITE),
  };
  const audits: Audit[] = [];
  const chosen = (route: string) =>
    bench.screens.length === 0 || bench.screens.some((part) => route.includes(part));
  for (const screen of (await screens(side)).filter((screen) => chosen(screen.route))) {
    say(`Lighthouse (mobile, cold cache, median of ${lighthouseRuns}): ${screen.route}`);
    const session = screen.signedIn ? side.session : undefined;
    const cold = await medianLighthouse(
      side.server.url,
      screen.route,
      { kind: "cold", session },
      lighthouseRuns,
    );
    say(`Lighthouse (mobile, repeat visit, median of ${lighthouseRuns}): ${screen.route}`);
    const signIn = screen.signedIn ? ADMIN : undefined;
    const repeat = await medianLighthouse(
      side.server.url,
      screen.route,
      { kind: "repeat", signIn },
      lighthouseRuns,
    );
    audits.push({ cold, repeat });
  }
  const split = (what: Transfer) =>
    `JS ${what.javascriptKb.toFixed(1)} KB + CSS ${what.cssKb.toFixed(1)} KB in ${what.files} files, ${what.compressed} compressed`;
  const figures: Figure[] = [
    limitFigure("4. JS gzip for /login", "KB", login.gzipKb, 170),
    limitFigure("4. JS gzip for signed-in /users", "KB", users.gzipKb, 250),
    limitFigure("4. largest JS chunk, minified", "KB", largestChunkKb(bench.dist), 500),
    limitFigure(
      "7. JS + CSS transferred, cold /login",
      "KB",
      transfer.login.totalKb,
      120,
      undefined,
      split(transfer.login),
    ),
    limitFigure(
      "7. JS + CSS transferred, cold signed-in /users",
      "KB",
      transfer.users.totalKb,
      200,
      undefined,
      split(transfer.users),
    ),
    limitFigure(
      "7. JS + CSS transferred, cold customer directory",
      "KB",
      transfer.directory.totalKb,
      120,
      undefined,
      split(transfer.directory),
    ),
    ...audits.flatMap(lighthouseFigures),
  ];
  const load = os.loadavg().map((n) => n.toFixed(1));
  return {
    figures,
    extra: { javascript: { login, users }, transfer, lighthouse: audits, loadAverage: load },
  };
}

type Audit = Record<"cold" | "repeat", LighthouseResult & { runs: number[] }>;

/**
 * Lighthouse's four category scores and the Core Web Vitals of one screen on a cold visit, and its
 * performance and TBT on a repeat visit, against their goals: each performance score's note holds each
 * run's score.
 */
function lighthouseFigures({ cold: result, repeat }: Audit): Figure[] {
  const name = (what: string) => `8. Lighthouse ${result.route} ${what}`;
  const runsOf = (audit: Audit["cold"]) => {
    const runs = `median of ${audit.runs.join(", ")}`;
    return audit.problem ? `${runs}; ${audit.problem}` : runs;
  };
  return [
    { ...floorFigure(name("performance"), "points", result.scores.performance, 95), note: runsOf(result) },
    {
      ...floorFigure(name("performance, repeat visit"), "points", repeat.scores.performance, 95),
      note: runsOf(repeat),
    },
    limitFigure(name("TBT, repeat visit"), "ms", repeat.vitals.tbt, 200),
    floorFigure(name("accessibility"), "points", result.scores.accessibility, 100),
    floorFigure(name("best practices"), "points", result.scores.bestPractices, 100),
    floorFigure(name("SEO"), "points", result.scores.seo, 100),
    limitFigure(name("LCP"), "ms", result.vitals.lcp, 2500),
    limitFigure(name("TBT"), "ms", result.vitals.tbt, 200),
    limitFigure(name("CLS"), "", result.vitals.cls, 0.1),
  ];
}

/** `--only delivery`: one server with the small size, and the delivery figures only. */
export async function deliveryRun(bench: Bench) {
  let side: Side | undefined;
  let browser: Browser | undefined;
  try {
    say(`server "small": loading ${describeCounts(bench.plan.small)}`);
    side = await startSide(bench, "small");
    browser = await launchChromium();
    const { figures, extra } = await deliveryFigures(bench, browser, side);
    report(bench, { sizes: prefix("small", bench.plan.small), figures, extra });
  } catch (error) {
    if (side) printLogTails([side]);
    throw error;
  } finally {
    await browser?.close();
    await side?.server.stop();
    await side?.db.close();
    fs.rmSync(bench.work, { recursive: true, force: true });
  }
}
