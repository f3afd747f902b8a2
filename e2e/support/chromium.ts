import fs from "node:fs";

/** The system Chromium (browser tests and the benchmark never download one). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

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
