import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestApp } from "../apps/api/test/helpers";
import { checkGeneratedClients } from "./generated-clients/check";

/**
 * `npm run lint`: both OpenAPI documents exactly as the server serves them (the back-office API's at
 * /api/docs/json, the customer API's at /api/customer/docs/json), checked by Redocly's recommended rules
 * (redocly.yaml) and Spectral's spectral:oas rules (.spectral.yaml). Any error or warning fails. Both run
 * offline: their rules ship with them, and the documents refer to nothing outside. Then the OWASP API
 * Security ruleset for Spectral (.spectral-owasp.yaml): each document's errors may not pass its ceiling
 * below, which only ever comes down (the README says the counts). Then clients generated from both by three
 * common generators must compile and call every operation (scripts/generated-clients).
 */
const root = path.resolve(import.meta.dirname, "..");
/** The OWASP ruleset's errors each document may still have: lower them as they are fixed, never raise them. */
const OWASP_CEILING_BACK_OFFICE = 335;
const OWASP_CEILING_CUSTOMER = 0;
const DOCUMENTS = [
  { url: "/api/docs/json", name: "back-office", owaspCeiling: OWASP_CEILING_BACK_OFFICE },
  { url: "/api/customer/docs/json", name: "customer", owaspCeiling: OWASP_CEILING_CUSTOMER },
];
const t = await createTestApp();
const answers = await Promise.all(DOCUMENTS.map(({ url }) => t.app.inject({ method: "GET", url })));
await t.close();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-openapi-"));
/** A linter of the documents: how it is started and how its JSON answer counts errors and warnings. */
interface Linter {
  /** Its name and rule file, as the totals line says them. */
  name: string;
  cli: string;
  args: (file: string, format: "json" | "stylish") => string[];
  env?: NodeJS.ProcessEnv;
  totals: (json: string, stderr: string, url: string) => { errors: number; warnings: number };
}

const redocly: Linter = {
  name: "Redocly, redocly.yaml",
  cli: "node_modules/@redocly/cli/bin/cli.js",
  args: (file, format) => ["lint", file, "--config", path.join(root, "redocly.yaml"), `--format=${format}`],
  env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  // Redocly exits 0 on warnings: the document must have none either, so the totals decide.
  totals: (json) => (JSON.parse(json) as { totals: { errors: number; warnings: number } }).totals,
};

const spectral: Linter = {
  name: "Spectral, .spectral.yaml",
  cli: "node_modules/@stoplight/spectral-cli/dist/index.js",
  args: (file, format) => [
    "lint",
    file,
    "--ruleset",
    path.join(root, ".spectral.yaml"),
    `--format=${format}`,
    "--fail-severity=warn",
    "--quiet",
  ],
  totals: (json, stderr, url) => {
    // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
    const results = JSON.parse(json || "null") as Array<{ severity: number }> | null;
    if (!results) throw new Error(`Spectral did not run on ${url}: ${stderr}`);
    return {
      errors: results.filter((result) => result.severity === 0).length,
      warnings: results.filter((result) => result.severity === 1).length,
    };
  },
};

/** The OWASP API Security rules on top of spectral:oas; its errors are held to a ceiling, not yet to 0. */
const owasp: Linter = {
  ...spectral,
  name: "Spectral with the OWASP API ruleset, .spectral-owasp.yaml",
  args: (file, format) =>
    spectral
      .args(file, format)
      .map((arg) => (arg.endsWith(".spectral.yaml") ? path.join(root, ".spectral-owasp.yaml") : arg)),
};

let clean = true;
const files: Array<{ name: string; file: string }> = [];
for (const [index, answer] of answers.entries()) {
  const { url, name } = DOCUMENTS[index] as (typeof DOCUMENTS)[number];
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, answer.body);
  files.push({ name, file });
  clean = lint(redocly, file, url) && clean;
  clean = lint(spectral, file, url) && clean;
  clean = lint(owasp, file, url, DOCUMENTS[index]?.owaspCeiling) && clean;
}
clean = (await checkGeneratedClients(files)) && clean;
fs.rmSync(dir, { recursive: true, force: true });
process.exit(clean ? 0 : 1);

/**
 * Runs a linter for its JSON totals; any error or warning fails (or, with a ceiling, errors past it), and a
 * second run prints them readably.
 */
function lint(linter: Linter, file: string, url: string, errorCeiling?: number): boolean {
  const run = (format: "json" | "stylish", stdio: "pipe" | "inherit") =>
    spawnSync(process.execPath, [path.join(root, linter.cli), ...linter.args(file, format)], {
      stdio: ["ignore", stdio, stdio],
      encoding: "utf8",
      env: { ...process.env, ...linter.env },
    });
  const answer = run("json", "pipe");
  const { errors, warnings } = linter.totals(answer.stdout, answer.stderr, url);
  const passed = errorCeiling === undefined ? errors === 0 && warnings === 0 : errors <= errorCeiling;
  if (!passed) run("stylish", "inherit");
  const allowed = errorCeiling === undefined ? "" : `, at most ${errorCeiling} errors allowed`;
  console.log(`OpenAPI ${url}: ${errors} errors, ${warnings} warnings (${linter.name}${allowed})`);
  return passed;
}
