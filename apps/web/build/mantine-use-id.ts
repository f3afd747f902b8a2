import path from "node:path";
import type { Plugin } from "vite";

const HOOKS_INDEX = /\/@mantine\/hooks\/esm\/index\.mjs$/;
export const MANTINE_USE_ID = "./use-id/use-id.mjs";

/** The module Mantine gets; it belongs with Mantine in the vendor chunk (else the two chunks import each other). */
export const MANTINE_USE_ID_MODULE = path.resolve(import.meta.dirname, "../src/lib/mantine-use-id.ts");

/** Where an import resolves instead: the app's module for Mantine's useId, else null (unchanged). */
export const mantineUseIdTarget = (source: string, importer: string | undefined): string | null =>
  source === MANTINE_USE_ID && importer && HOOKS_INDEX.test(importer) ? MANTINE_USE_ID_MODULE : null;

/**
 * Mantine's useId starts every component with React's id, then replaces it with a random one in a layout
 * effect: each input, select, popover and navigation link renders twice on mount, the second time
 * synchronously, in the same task as the commit (on a form, the longest task of the page). React's id is
 * unique in the app already; src/lib/mantine-use-id.ts keeps it and renders once. @mantine/hooks' index
 * gets that module instead of its own, so Mantine's components and ours use the same one.
 */
export function mantineUseId(): Plugin {
  return {
    name: "visadesk-mantine-use-id",
    enforce: "pre",
    resolveId: (source, importer) => mantineUseIdTarget(source, importer),
  };
}
