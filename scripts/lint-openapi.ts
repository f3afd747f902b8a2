import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestApp } from "../apps/api/test/helpers";

/**
 * `npm run lint`: both OpenAPI documents exactly as the server serves them (the back-office API's at
 * /api/docs/json, the customer API's at /api/customer/docs/json), checked by Redocly's recommended rules
 * (redocly.yaml), and the customer API's also by Spectral's spectral:oas rules (.spectral.yaml). Any error
 * or warning fails. Both run offline: their rules ship with them, and the documents refer to nothing outside.
 */
const root = path.resolve(import.meta.dirname, "..");
const DOCUMENTS = ["/api/docs/json", "/api/customer/docs/json"];
// The back-office document still lacks a description on about 50 operations (spectral:oas warns of each).
const SPECTRAL_DOCUMENTS = new Set(["/api/customer/docs/json"]);
const t = await createTestApp();
const answers = await Promise.all(DOCUMENTS.map((url) => t.app.inject({ method: "GET", url })));
await t.close();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-openapi-"));
let clean = true;
for (const [index, answer] of answers.entries()) {
  if (answer.statusCode !== 200) throw new Error(`${DOCUMENTS[index]} answered ${answer.statusCode}`);
  const file = path.join(dir, `openapi-${index}.json`);
  fs.writeFileSync(file, answer.body);
  const url = DOCUMENTS[index] ?? "";
  clean = lint(file, url) && clean;
  if (SPECTRAL_DOCUMENTS.has(url)) clean = spectral(file, url) && clean;
}
fs.rmSync(dir, { recursive: true, force: true });
process.exit(clean ? 0 : 1);

function lint(file: string, url: string): boolean {
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
  const passed = totals.errors === 0 && totals.warnings === 0;
  if (!passed) redocly("stylish", "inherit");
  console.log(`OpenAPI ${url}: ${totals.errors} errors, ${totals.warnings} warnings (Redocly, redocly.yaml)`);
  return passed;
}

function spectral(file: string, url: string): boolean {
  const run = (format: "json" | "stylish", stdio: "pipe" | "inherit") =>
    spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/@stoplight/spectral-cli/dist/index.js"),
        "lint",
        file,
        "--ruleset",
        path.join(root, ".spectral.yaml"),
        `--format=${format}`,
        "--fail-severity=warn",
        "--quiet",
      ],
      { stdio: ["ignore", stdio, stdio], encoding: "utf8" },
    );
  const answer = run("json", "pipe");
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  const results = JSON.parse(answer.stdout || "null") as Array<{ severity: number }> | null;
  if (!results) throw new Error(`Spectral did not run on ${url}: ${answer.stderr}`);
  const errors = results.filter((result) => result.severity === 0).length;
  const warnings = results.filter((result) => result.severity === 1).length;
  const passed = errors === 0 && warnings === 0;
  if (!passed) run("stylish", "inherit");
  console.log(`OpenAPI ${url}: ${errors} errors, ${warnings} warnings (Spectral, .spectral.yaml)`);
  return passed;
}
