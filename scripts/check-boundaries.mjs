#!/usr/bin/env node
// The import boundaries of the architecture, checked on every lint:
//   web: a feature never imports another feature; components/ and lib/ never import features or app/.
//   api: a module never imports another module's routes or repository (only its service's exports).
import fs from "node:fs";
import path from "node:path";

const importRe = /(?:import|export)\s[^"'`]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* files(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** Problems found under one web app root (its src/ folder) and one api root. */
export function checkBoundaries({ webSrc, apiSrc }) {
  const problems = [];
  const scan = (root, rule) => {
    for (const file of files(root)) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(importRe)) {
        const spec = match[1] ?? match[2];
        if (!spec?.startsWith(".")) continue;
        const target = path.resolve(path.dirname(file), spec);
        const problem = rule(path.relative(root, file), path.relative(root, target));
        if (problem) problems.push(`${path.relative(process.cwd(), file)}: ${problem} (${spec})`);
      }
    }
  };
  scan(webSrc, (from, to) => {
    const [fromTop, fromFeature] = from.split(path.sep);
    const [toTop, toFeature] = to.split(path.sep);
    if (fromTop === "features" && toTop === "features" && fromFeature !== toFeature) {
      return `feature "${fromFeature}" imports feature "${toFeature}"`;
    }
    if (fromTop === "features" && toTop === "app") return `feature "${fromFeature}" imports app/`;
    if ((fromTop === "components" || fromTop === "lib") && (toTop === "features" || toTop === "app")) {
      return `${fromTop}/ imports ${toTop}/`;
    }
    return null;
  });
  scan(apiSrc, (from, to) => {
    const [fromTop, fromModule] = from.split(path.sep);
    const [toTop, toModule, toFile] = to.split(path.sep);
    if (
      fromTop === "modules" &&
      toTop === "modules" &&
      fromModule !== toModule &&
      /^(routes|repository)/.test(toFile ?? "")
    ) {
      return `module "${fromModule}" reaches into module "${toModule}"'s ${toFile}`;
    }
    return null;
  });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkBoundaries({ webSrc: "apps/web/src", apiSrc: "apps/api/src" });
  if (problems.length) {
    console.error(`Import boundaries broken:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Import boundaries: ok");
}
