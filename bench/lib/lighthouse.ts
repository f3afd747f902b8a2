import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, requireChromium } from "../../e2e/support/chromium";
import { type Session, sessionCookies } from "./browser";
import { freePort } from "./server";

export interface LighthouseResult {
  route: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Milliseconds, except CLS (unitless). */
  vitals: { fcp: number; lcp: number; tbt: number; cls: number };
  /** Why Lighthouse could not measure the page, when it says so (its runtime error or warnings). */
  problem?: string;
}

/**
 * How a screen is visited. Cold: a fresh profile, the session put in place from a page of the server that
 * loads no assets, so nothing is cached. Repeat: as staff open the app every day — signed in through the
 * login form in the same profile, the screen loaded once unmeasured, then measured with the cache and the
 * session kept.
 */
export type Visit = { kind: "cold"; session?: Session } | { kind: "repeat"; signIn?: Credentials };
export interface Credentials {
  email: string;
  password: string;
}

/** Lighthouse in its default mode (mobile, simulated throttling) on a visit of `route`, in a fresh profile. */
export async function runLighthouse(baseURL: string, route: string, visit: Visit): Promise<LighthouseResult> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-lighthouse-"));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const session = visit.kind === "cold" ? visit.session : undefined;
    if (visit.kind === "repeat") await visitOnce(context, baseURL, route, visit.signIn);
    if (session) {
      const page = await context.newPage();
      await page.goto(`${baseURL}/api/health/live`);
      await page.evaluate(
        ([keys, token, user]) => {
          localStorage.setItem(keys.accessToken, token);
          localStorage.setItem(keys.user, user);
        },
        [STORAGE_KEYS, session.token, JSON.stringify(session.user)] as const,
      );
      await context.addCookies(sessionCookies(session, baseURL));
      await page.close();
    }
    const result = await lighthouse(`${baseURL}${route}`, {
      port,
      output: "json",
      logLevel: "error",
      // Keeps the session just put in place (the cache is cold anyway: a fresh profile), or, on a repeat
      // visit, the session and the cache of the visit before.
      disableStorageReset: session !== undefined || visit.kind === "repeat",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    const problem = runtimeError
      ? `${runtimeError.code}: ${runtimeError.message}`
      : runWarnings.length > 0
        ? runWarnings.join(" ")
        : undefined;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      route,
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      },
      vitals: {
        fcp: value("first-contentful-paint"),
        lcp: value("largest-contentful-paint"),
        tbt: value("total-blocking-time"),
        cls: value("cumulative-layout-shift"),
      },
      ...(problem ? { problem } : {}),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** Signs in through the login form (when asked), then loads `route` once and lets it settle: not measured. */
async function visitOnce(context: BrowserContext, baseURL: string, route: string, signIn?: Credentials) {
  const page = await context.newPage();
  if (signIn) {
    await page.goto(`${baseURL}/login`);
    await page.getByLabel("Email or username").fill(signIn.email);
    await page.getByLabel(/^Password/).fill(signIn.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
  }
  await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
  await page.close();
}

/** The middle value of an odd count (the lower middle of an even one). */
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;

/**
 * Lighthouse `runs` times on visits of `route` (each in a fresh profile), one after the other: each
 * score and vital is the median of the runs, since a single run on a shared machine swings by several points.
 */
export async function medianLighthouse(
  baseURL: string,
  route: string,
  visit: Visit,
  runs: number,
): Promise<LighthouseResult & { runs: number[] }> {
  const results: LighthouseResult[] = [];
  for (let n = 0; n < runs; n++) {
    // A run whose trace Lighthouse could not record (NO_NAVSTART, say) has no figures, only its advice to
    // run again: it is run again, twice at most, and its problem still reported.
    let result = await runLighthouse(baseURL, route, visit);
    for (let retry = 0; retry < 2 && Number.isNaN(result.vitals.tbt); retry++) {
      const again = await runLighthouse(baseURL, route, visit);
      result = { ...again, problem: [result.problem, again.problem].filter(Boolean).join(" ") };
    }
    results.push(result);
  }
  const of = (pick: (result: LighthouseResult) => number) => median(results.map(pick));
  const problems = [...new Set(results.flatMap((result) => (result.problem ? [result.problem] : [])))];
  return {
    route,
    scores: {
      performance: of((r) => r.scores.performance),
      accessibility: of((r) => r.scores.accessibility),
      bestPractices: of((r) => r.scores.bestPractices),
      seo: of((r) => r.scores.seo),
    },
    vitals: {
      fcp: of((r) => r.vitals.fcp),
      lcp: of((r) => r.vitals.lcp),
      tbt: of((r) => r.vitals.tbt),
      cls: of((r) => r.vitals.cls),
    },
    runs: results.map((result) => result.scores.performance),
    ...(problems.length ? { problem: problems.join(" ") } : {}),
  };
}
