import fs from "node:fs";

/** The system Chromium (browser tests and the benchmark never download one). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * Chromium's headless shell: the same engine without the browser's window and profile machinery. Browser tests
 * run on it when it is installed (a third less CPU on two cores); the benchmark keeps the full browser, since it
 * measures what a user's browser does.
 */
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** Headless as root, quiet: no sandbox, no GPU, no background traffic, updates or first-run screens. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Fails with the way to fix it when Chromium is missing. */
export function requireChromium(): string {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it with \`apt-get install chromium\` (or set CHROME_PATH).`,
    );
  }
  return CHROMIUM_PATH;
}

/** The browser for tests: CHROME_PATH when set, else the headless shell when installed, else Chromium. */
export function testChromium(): string {
  if (!process.env.CHROME_PATH && fs.existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  return requireChromium();
}
