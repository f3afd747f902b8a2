import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestApp } from "../apps/api/test/helpers";

/**
 * `npm run lint`: the OpenAPI document exactly as /api/docs/json serves it, checked by Redocly's
 * recommended rules (redocly.yaml). Any error or warning fails.
 */
const root = path.resolve(import.meta.dirname, "..");
const t = await createTestApp();
const answer = await t.app.inject({ method: "GET", url: "/api/docs/json" });
await t.close();
if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-openapi-"));
const file = path.join(dir, "openapi.json");
fs.writeFileSync(file, answer.body);
const redocly = (format: "json" | "stylish", stdio: "pipe" | "inherit") =>
  spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/@redocly/cli/bin/cli.js"),
      "lint",
      file,
      "--config",
      path.join(root, "redocly.yaml"),
      `--format=${format}`,
    ],
    {
      stdio: ["ignore", stdio, stdio],
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
// Redocly exits 0 on warnings: the document must have none either, so the totals decide.
const totals = (
  JSON.parse(redocly("json", "pipe").stdout) as { totals: { errors: number; warnings: number } }
).totals;
const clean = totals.errors === 0 && totals.warnings === 0;
if (!clean) redocly("stylish", "inherit");
console.log(`OpenAPI document: ${totals.errors} errors, ${totals.warnings} warnings (Redocly, redocly.yaml)`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(clean ? 0 : 1);
