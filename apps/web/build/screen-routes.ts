import fs from "node:fs";
import path from "node:path";
import { paths, routePatterns } from "../src/lib/paths";

/** A screen of the route table: its path pattern, the module of its page, and whether it is public. */
export interface ScreenRoute {
  pattern: string;
  page: string;
  public: boolean;
}

/** `const form = lazyPage(() => import("./routes/x"));`: a page shared by several routes. */
const SHARED_PAGE = /const (\w+) = lazyPage\(\(\) => import\("([^"]+)"\)\);/g;
/** One route object: `{ path: paths.a.b, page: lazyPage(() => import("./routes/x")), public: true }`. */
const ROUTE =
  /\{\s*path:\s*((?:paths|routePatterns)(?:\.\w+)+),\s*page:\s*(?:(\w+)|lazyPage\(\(\) => import\("([^"]+)"\)\)),?(\s*public:\s*true,?)?\s*\}/g;

const valueAt = (dotted: string): unknown =>
  dotted
    .split(".")
    .slice(1)
    .reduce<unknown>(
      (object, key) => (object as Record<string, unknown>)[key],
      dotted.startsWith("paths") ? paths : routePatterns,
    );

/**
 * The screens as the features declare them (src/features/<name>/feature.ts), read from their
 * source: the build needs each screen's path and page before any of the app runs. Every `lazyPage` of a
 * feature must be understood, or the build stops: a route written another way would otherwise quietly lose
 * its early downloads.
 */
export function screenRoutes(src: string): ScreenRoute[] {
  const features = path.join(src, "features");
  const routes: ScreenRoute[] = [];
  for (const name of fs.readdirSync(features)) {
    const file = path.join(features, name, "feature.ts");
    if (!fs.existsSync(file)) continue;
    const code = fs.readFileSync(file, "utf8");
    const module = (specifier: string) => path.resolve(path.dirname(file), `${specifier}.tsx`);
    const shared = new Map(
      [...code.matchAll(SHARED_PAGE)].map(([, constant = "", specifier = ""]) => [constant, specifier]),
    );
    let understood = shared.size;
    for (const [, pathExpression = "", constant, specifier, isPublic] of code.matchAll(ROUTE)) {
      if (specifier) understood += 1;
      const page = specifier ?? (constant ? shared.get(constant) : undefined);
      const pattern = valueAt(pathExpression);
      if (!page || typeof pattern !== "string")
        throw new Error(`${file}: cannot read the route ${pathExpression}`);
      routes.push({ pattern, page: module(page), public: Boolean(isPublic) });
    }
    const declared = code.match(/lazyPage\(/g)?.length ?? 0;
    if (understood !== declared) {
      throw new Error(
        `${file}: ${declared} pages declared, ${understood} understood by build/screen-routes.ts`,
      );
    }
  }
  return routes;
}

/** A route pattern ("/edit-user/:guidId") as a regular expression over location.pathname. */
export const patternSource = (pattern: string) =>
  `^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}/?$`;
