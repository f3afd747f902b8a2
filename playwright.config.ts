import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, testChromium } from "./e2e/support/chromium";
import { ADMIN_STATE, BASE_URL, E2E_PORT, SERVER_LOG } from "./e2e/support/env";

/** Browser tests use the system Chromium (its headless shell when installed) and never download one. */
const chromium = testChromium();

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
    // The product honours the system's reduced-motion setting: dialogs, drawers and menus appear at once
    // instead of after their transitions (e2e/reduced-motion.spec.ts checks both settings).
    reducedMotion: "reduce",
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "setup", testMatch: /global\.setup\.ts/ },
    {
      name: "e2e",
      testMatch: /.*\.spec\.ts/,
      dependencies: ["setup"],
      use: { storageState: ADMIN_STATE },
    },
  ],
  webServer: {
    // A fresh temporary database every run; the log is kept so tests can read mailed links.
    command: `tsx e2e/support/start-server.ts > ${SERVER_LOG} 2>&1`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(E2E_PORT) },
  },
});
