import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type APIResponse, test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";
import { ADMIN, BASE_URL, DATA_DIR } from "./env";

/**
 * axe-core's source as AxeBuilder injects it, but defining axe only in a document that has none yet. AxeBuilder
 * evaluates the 1.3 MB script twice per check; a test's later checks of the same document (a dialog opened, a
 * filter set) reuse the first one's axe, which reads the DOM afresh on every run.
 */
const AXE_ONCE_PER_DOCUMENT = `if (typeof window.axe !== "object") {\n${axe.source}\n}`;

/** Zero axe-core violations (WCAG 2.1 A and AA) on what the page shows now. */
export async function expectNoA11yViolations(page: Page) {
  // Axe reads colours as painted: a toast or a drawer still fading in would fail the contrast rule.
  // Wait for every finite animation and transition to end. Left alone: spinners, which loop for ever, and a
  // toast's countdown bar, which only shrinks until the toast closes itself (seconds later) and changes no
  // colour; waiting for it judged the page after the toast had gone instead of with it.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Infinity ||
          (animation instanceof CSSAnimation && animation.animationName === "Toastify__trackProgress"),
      ),
  );
  // One axe.run in the page: the product has no cross-origin frames, so the default's per-frame runs joined in
  // a fresh blank page (a new renderer each time, about 0.8 s) would check nothing more.
  // Only violations are read: axe still runs every rule on every node, but keeps one node of each passing
  // rule instead of describing hundreds (a unique selector and HTML each), and sends that much less back.
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe-core violations").toEqual([]);
}

/** Every mail the test server has sent so far, oldest first (without SMTP_URL they are files in the outbox). */
export function sentMails(): string[] {
  const dir = path.join(DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
}

/**
 * What an API call of a signed-in session sends: the bearer token and the HttpOnly cookie set beside it at
 * sign-in (the server refuses the token without it). Sent explicitly, so it works from any request context.
 */
export async function sessionHeaders(signIn: APIResponse): Promise<Record<string, string>> {
  const { accessToken } = await signIn.json();
  const cookie = signIn
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0])
    .join("; ");
  return { authorization: `Bearer ${accessToken}`, cookie };
}

/** An API client signed in as the first Admin, for arranging data the way another staff member would. */
async function adminApi(request: APIRequestContext) {
  const response = await request.post("/api/v2/connect/verify-login", { data: ADMIN });
  return { headers: await sessionHeaders(response) };
}

type AdminAuth = { headers: Record<string, string> };

/**
 * `adminAuth`: the first Admin's API session, signed in once per worker (a session lives hours; each sign-in
 * costs an argon2 verification, which a hundred tests would repeat for nothing). Tests that end sessions sign
 * in accounts of their own.
 */
export const test = base.extend<{ adminAuth: AdminAuth }, { workerAdminAuth: AdminAuth }>({
  workerAdminAuth: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      await use(await adminApi(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
  adminAuth: async ({ workerAdminAuth }, use) => {
    await use(workerAdminAuth);
  },
  // The live stream tells every open page of every change, the other worker's tests' included, and those
  // refetches land mid-assertion (a toast counted, a row read by axe). A test sees only its own world, so the
  // stream is shut out unless the test is about it (tag "@live").
  // Blocked by the browser itself: a page.route would stop every request of the test (each script, each
  // call) to ask this process whether it matches, about a fifth of a page load's CPU.
  page: async ({ page }, use, testInfo) => {
    if (!testInfo.tags.includes("@live")) {
      const browser = await page.context().newCDPSession(page);
      await browser.send("Network.enable");
      await browser.send("Network.setBlockedURLs", { urls: ["*/api/v2/live*"] });
    }
    await use(page);
  },
});
export { expect };

/** A unique suffix so specs running side by side never see each other's records. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
