import zlib from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { CHROMIUM_ARGS, requireChromium } from "../../e2e/support/chromium";

/** The system Chromium with the browser tests' flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
}

export interface Session {
  token: string;
  user: Record<string, unknown>;
  /** What API calls of the session send: the bearer token and the cookie it is bound to. */
  headers: Record<string, string>;
}

/** The cookie the session's token is bound to, as the browser keeps it after signing in. */
export function sessionCookies(session: Session, baseURL: string) {
  return (session.headers.cookie ?? "")
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: baseURL };
    });
}

async function newPage(browser: Browser, baseURL: string, session?: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  if (session) {
    // The web app keeps its session in localStorage under the spec's keys.
    await context.addInitScript(
      ([keys, token, user]) => {
        localStorage.setItem(keys.accessToken, token);
        localStorage.setItem(keys.user, user);
      },
      [STORAGE_KEYS, session.token, JSON.stringify(session.user)] as const,
    );
    // ...and the browser keeps the cookie the token is bound to, as it would after signing in.
    await context.addCookies(sessionCookies(session, baseURL));
  }
  return context.newPage();
}

/** Until the first 12 rows of the list's table are visible. */
async function twelveRowsVisible(page: Page, timeoutMs: number) {
  await page.locator("table tbody tr").nth(11).waitFor({ state: "visible", timeout: timeoutMs });
}

/** A signed-in tab for timing navigations; the first, cold visit of each list is not timed. */
export async function listTab(
  browser: Browser,
  baseURL: string,
  session: Session,
  routes: readonly string[],
) {
  const page = await newPage(browser, baseURL, session);
  for (const route of routes) {
    await page.goto(route);
    await twelveRowsVisible(page, 15_000).catch(() => undefined);
  }
  return page;
}

/** Milliseconds from navigation to the first 12 rows of the list visible (assets cached, as in real use). */
export async function timeToRows(page: Page, route: string): Promise<number> {
  await page.goto("about:blank");
  const started = performance.now();
  await page.goto(route);
  await twelveRowsVisible(page, 15_000);
  return performance.now() - started;
}

/**
 * JavaScript a first visit downloads, gzip-compressed (what a compressing proxy or CDN would send),
 * taken from the network in a fresh browser profile.
 */
export async function javascriptDownloaded(
  browser: Browser,
  baseURL: string,
  route: string,
  session?: Session,
): Promise<{ gzipKb: number; files: number }> {
  const page = await newPage(browser, baseURL, session);
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    const url = response.url();
    if (new URL(url).pathname.endsWith(".js") && response.ok()) scripts.set(url, response.body());
  });
  try {
    await page.goto(route, { waitUntil: "networkidle" });
    if (session) await twelveRowsVisible(page, 30_000).catch(() => undefined);
    await page.waitForLoadState("networkidle");
    let bytes = 0;
    for (const body of scripts.values()) bytes += zlib.gzipSync(await body, { level: 9 }).length;
    return { gzipKb: bytes / 1024, files: scripts.size };
  } finally {
    await page.context().close();
  }
}

export interface Transfer {
  /** Bytes on the wire (headers and body as sent, compressed or not), in KB. */
  javascriptKb: number;
  cssKb: number;
  totalKb: number;
  /** How many scripts and stylesheets came compressed, of how many. */
  compressed: number;
  files: number;
  /** Each file as transferred, largest first: what to look at when the total grows. */
  byFile: { path: string; kb: number }[];
}

/**
 * What a first visit with a cold cache really transfers for its scripts and stylesheets, as Chromium
 * measured it on the network, with whatever encoding the server chose for Chromium's Accept-Encoding.
 */
export async function bytesTransferred(
  browser: Browser,
  baseURL: string,
  route: string,
  session?: Session,
): Promise<Transfer> {
  const page = await newPage(browser, baseURL, session);
  const seen: Promise<{ path: string; kind: "js" | "css"; bytes: number; encoded: boolean }>[] = [];
  page.on("requestfinished", (request) => {
    const pathname = new URL(request.url()).pathname;
    const kind = pathname.endsWith(".js") ? "js" : pathname.endsWith(".css") ? "css" : undefined;
    if (!kind) return;
    seen.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue("content-encoding")) ?? undefined;
        return {
          path: pathname,
          kind,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          encoded: encoding === "br" || encoding === "gzip",
        };
      })(),
    );
  });
  try {
    await page.goto(route, { waitUntil: "networkidle" });
    if (session) await twelveRowsVisible(page, 30_000).catch(() => undefined);
    await page.waitForLoadState("networkidle");
    const files = await Promise.all(seen);
    const kb = (kind: "js" | "css") =>
      files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.bytes, 0) / 1024;
    return {
      javascriptKb: kb("js"),
      cssKb: kb("css"),
      totalKb: kb("js") + kb("css"),
      compressed: files.filter((file) => file.encoded).length,
      files: files.length,
      byFile: files
        .map((file) => ({ path: file.path, kb: Math.round(file.bytes / 102.4) / 10 }))
        .sort((a, b) => b.kb - a.kb),
    };
  } finally {
    await page.context().close();
  }
}

/** A signed-in tab for timing the calendar; its first, cold visit is not timed. */
export async function calendarTab(browser: Browser, baseURL: string, session: Session, route: string) {
  const page = await newPage(browser, baseURL, session);
  await page.goto(route);
  await page.locator(".appointments-calendar").waitFor({ state: "visible", timeout: 30_000 });
  return page;
}

/** The appointments the calendar has painted as events. */
const CALENDAR_EVENTS = '.appointments-calendar [role="listitem"] [role="button"]';

/**
 * Milliseconds from navigation to the calendar's first paint with its data: the week's `events`
 * appointments drawn (assets cached, as in real use).
 */
export async function timeToCalendar(page: Page, route: string, events: number): Promise<number> {
  await page.goto("about:blank");
  const started = performance.now();
  await page.goto(route);
  await page.waitForFunction(
    ([selector, count]) => document.querySelectorAll(selector as string).length >= (count as number),
    [CALENDAR_EVENTS, events] as const,
    { timeout: 15_000 },
  );
  return performance.now() - started;
}
