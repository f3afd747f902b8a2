import { pathToFileURL } from "node:url";
import { type NamespacedUnregister, register } from "tsx/esm/api";
import type { Plugin } from "vite";

/** A contract module of endpoint declarations (not endpoint.ts, the types, nor endpoints.ts, the index). */
const DECLARATIONS = /\/packages\/contract\/src\/[a-z-]+-endpoints\.ts$/;

const isPlainData = (value: unknown): boolean =>
  value === null ||
  ["string", "number", "boolean"].includes(typeof value) ||
  (Array.isArray(value) && value.every(isPlainData)) ||
  (typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value as object).every(isPlainData));

const isEndpoint = (value: unknown): value is { method: string; path: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { method?: unknown }).method === "string" &&
  typeof (value as { path?: unknown }).path === "string";

/** The module as the browser gets it: each declaration's method and path, and the plain constants beside them. */
export function browserModule(exports: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    const group = typeof value === "object" && value !== null ? Object.entries(value) : [];
    if (group.length > 0 && group.every(([, member]) => isEndpoint(member))) {
      const addresses = Object.fromEntries(
        group.map(([key, member]) => {
          const { method, path } = member as { method: string; path: string };
          return [key, { method, path }];
        }),
      );
      lines.push(`export const ${name} = ${JSON.stringify(addresses)};`);
    } else if (isPlainData(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    }
    // Anything else (a zod schema) is left out: an import of it in the browser fails the build.
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The web calls an endpoint by its declaration, and needs only its method and path to do it (its shapes
 * are types, checked when it compiles). Evaluated as written, a declaration module builds its zod schemas,
 * so zod (about 30 KB compressed) would load on the sign-in page and with the signed-in shell. The build
 * therefore evaluates each declaration module once, here, and gives the browser a copy holding only what a
 * call reads. The declarations stay the one place an endpoint is written.
 */
export function endpointAddresses(): Plugin {
  // One TypeScript loader for the build, so the contract modules the declarations share are read once.
  let loader: NamespacedUnregister | undefined;
  return {
    name: "visadesk-endpoint-addresses",
    apply: "build",
    enforce: "pre",
    async load(id) {
      const file = id.split("?")[0] as string;
      if (!DECLARATIONS.test(file)) return null;
      loader ??= register({ namespace: "visadesk-endpoint-addresses" });
      const declared = (await loader.import(pathToFileURL(file).href, import.meta.url)) as Record<
        string,
        unknown
      >;
      return browserModule(declared);
    },
    async closeBundle() {
      await loader?.unregister();
      loader = undefined;
    },
  };
}
