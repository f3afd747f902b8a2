import { spawnSync } from "node:child_process";
import path from "node:path";
import { say } from "./log";
import { bookDist, root } from "./side";

/** Builds the back office into `dist` and the customer site beside it, as production serves them. */
export function buildWebApps(dist: string, mode: string) {
  say(`building the web app (${mode} run)`);
  const vite = (app: string, outDir: string) =>
    spawnSync(
      process.execPath,
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", app, "--outDir", outDir, "--emptyOutDir"],
      {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
  if (vite("apps/web", dist).status !== 0) throw new Error("web build failed");
  if (vite("apps/book", bookDist(dist)).status !== 0) throw new Error("customer site build failed");
}
