import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MANTINE_USE_ID, MANTINE_USE_ID_MODULE, mantineUseId } from "./mantine-use-id";

const hooksIndex = path.resolve(import.meta.dirname, "../../../node_modules/@mantine/hooks/esm/index.mjs");
const resolveId = mantineUseId().resolveId as (source: string, importer?: string) => string | null;

describe("Mantine's useId", () => {
  it("comes from the app's own module for @mantine/hooks' index, and only for it", () => {
    expect(resolveId.call({}, MANTINE_USE_ID, hooksIndex)).toBe(MANTINE_USE_ID_MODULE);
    const other = hooksIndex.replace("index.mjs", "use-id/other.mjs");
    expect(resolveId.call({}, MANTINE_USE_ID, other)).toBeNull();
    expect(resolveId.call({}, "./use-idle/use-idle.mjs", hooksIndex)).toBeNull();
  });

  it("is where the installed @mantine/hooks takes it from, and the replacement has it", () => {
    const index = fs.readFileSync(hooksIndex, "utf8");
    expect(index).toContain(`import { useId } from "${MANTINE_USE_ID}";`);
    expect(fs.readFileSync(MANTINE_USE_ID_MODULE, "utf8")).toMatch(
      /export function useId\(staticId\?: string\)/,
    );
  });
});
