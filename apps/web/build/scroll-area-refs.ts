import path from "node:path";
import type { Plugin } from "vite";

const SCROLL_AREA = /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea imports one small hook (useMergeRefs) from @floating-ui/react. A module is never split
 * between chunks, so that import put the whole positioning library (about 13 KB compressed, used by tooltips,
 * popovers and menus, which load on demand) in the chunk of every screen with a table. ScrollArea gets the
 * same hook from src/lib/use-merge-refs.ts instead; every other importer keeps the library. Should ScrollArea
 * ever import anything else from it, the build fails on the missing export rather than ship something wrong.
 */
export function scrollAreaRefs(): Plugin {
  const replacement = path.resolve(import.meta.dirname, "../src/lib/use-merge-refs.ts");
  return {
    name: "visadesk-scroll-area-refs",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@floating-ui/react" && importer && SCROLL_AREA.test(importer)) return replacement;
      return null;
    },
  };
}
