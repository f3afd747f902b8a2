import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scrollAreaRefs } from "./scroll-area-refs";

const scrollArea = path.resolve(
  import.meta.dirname,
  "../../../node_modules/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs",
);
const resolveId = scrollAreaRefs().resolveId as (source: string, importer?: string) => string | null;

describe("ScrollArea's hook from the positioning library", () => {
  it("comes from the app's own module for ScrollArea, and only for it", () => {
    const replacement = resolveId.call({}, "@floating-ui/react", scrollArea);
    expect(replacement).toMatch(/src\/lib\/use-merge-refs\.ts$/);
    const popover = scrollArea.replace("ScrollArea/ScrollArea.mjs", "Popover/use-popover.mjs");
    expect(resolveId.call({}, "@floating-ui/react", popover)).toBeNull();
    expect(resolveId.call({}, "react", scrollArea)).toBeNull();
  });

  it("is everything the installed ScrollArea takes from the library", () => {
    const code = fs.readFileSync(scrollArea, "utf8");
    const imported = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@floating-ui\/react"/g)].flatMap(
      ([, names = ""]) => names.split(",").map((name) => name.trim()),
    );
    expect(imported).toEqual(["useMergeRefs"]);
    const shim = fs.readFileSync(resolveId.call({}, "@floating-ui/react", scrollArea) as string, "utf8");
    expect(shim).toMatch(/export function useMergeRefs</);
  });
});
