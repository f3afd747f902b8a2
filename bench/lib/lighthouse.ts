import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
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
 * Lighthouse in its default mode (mobile, simulated throttling) on a cold visit of `route`, in a fresh
 * profile of the system Chromium. For a signed-in route the session is put in place first from a page of
 * the server that loads no assets, so the cache stays cold.
 */
export async function runLighthouse(
  baseURL: string,
  route: string,
  session?: Session,
): Promise<LighthouseResult> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-lighthouse-"));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
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
      // Keeps the session just put in place; the cache is cold anyway (a fresh profile).
      disableStorageReset: session !== undefined,
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
