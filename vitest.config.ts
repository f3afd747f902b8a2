import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two workers even on two cores: most of an API file's time is spent waiting (argon2 on the thread
    // pool, the database, timers), so a second worker overlaps it.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "api",
          environment: "node",
          include: [
            "apps/api/**/*.test.ts",
            "packages/contract/**/*.test.ts",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
            // The web build's own plugins run in Node.
            "apps/web/build/**/*.test.ts",
            // The reliability runs' own helpers; the runs themselves are `npm run test:reliability`.
            "reliability/lib/**/*.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database, so files need no fresh module graph each:
          // importing the server's modules once per worker instead of once per file saves about two
          // seconds a file.
          isolate: false,
        },
      },
      {
        resolve: {
          alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, "apps/book/src")}/` }],
        },
        // The customer site's logic (formats, the address of its views); its screens are walked in Chromium.
        test: { name: "book", environment: "node", include: ["apps/book/**/*.test.ts"] },
      },
      {
        plugins: [react()],
        resolve: {
          alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, "apps/web/src")}/` }],
        },
        test: {
          name: "web",
          environment: "jsdom",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/test/setup.ts"],
          testTimeout: 20_000,
          // One jsdom and one import of React and Mantine per worker instead of per file (56 s -> 26 s for
          // the project); the setup file resets what a test could leave behind.
          isolate: false,
        },
      },
    ],
  },
});
