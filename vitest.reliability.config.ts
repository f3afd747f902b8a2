import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: the long runs against the real server as a child process (load, crash,
 * database outage, graceful shutdown). Kept out of vitest.config.ts, so `npm test` stays fast. One file at
 * a time: each one loads the machine on its own, and the outage must not overlap another run.
 */
export default defineConfig({
  test: {
    name: "reliability",
    environment: "node",
    include: ["reliability/*.test.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
