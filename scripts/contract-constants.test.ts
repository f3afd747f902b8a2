import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The screens import constants and messages from the *-constants modules so that zod (about 40 KB
 * compressed) stays off pages that validate nothing: one value import of a schema module pulls it in whole,
 * because building a schema at load time is a side effect the bundler keeps.
 */
const dir = path.resolve(import.meta.dirname, "../packages/contract/src");
const constantsModules = fs.readdirSync(dir).filter((name) => name.endsWith("-constants.ts"));

/** Every module specifier a file imports or re-exports for its values (type-only imports are erased). */
function valueImports(code: string): string[] {
  const found: string[] = [];
  for (const [statement, specifier = ""] of code.matchAll(
    /^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']/gm,
  )) {
    if (!/^\s*(?:import|export)\s+type\s/.test(statement)) found.push(specifier);
  }
  for (const [, specifier = ""] of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(specifier);
  return found;
}

describe("the contract's constants modules", () => {
  it("are found", () => {
    expect(constantsModules).toEqual(expect.arrayContaining(["lists-constants.ts", "common-constants.ts"]));
  });

  it.each(constantsModules)("%s imports no value from zod or a schema module", (name) => {
    const code = fs.readFileSync(path.join(dir, name), "utf8");
    const schemaImports = valueImports(code).filter(
      (specifier) => !specifier.startsWith("./") || !specifier.endsWith("-constants"),
    );
    expect(schemaImports).toEqual([]);
  });

  it("the check sees a value import of a schema module", () => {
    expect(valueImports('import { z } from "zod";\nimport type { A } from "./lists";')).toEqual(["zod"]);
    expect(valueImports('import { MAX_BULK_IDS } from "./lists";')).toEqual(["./lists"]);
  });
});
