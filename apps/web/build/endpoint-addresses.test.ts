import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { endpointAddresses } from "./endpoint-addresses";

const contract = path.resolve(import.meta.dirname, "../../../packages/contract/src");
const declarationFiles = fs.readdirSync(contract).filter((file) => /^[a-z-]+-endpoints\.ts$/.test(file));

/** The module the build gives the browser for a declaration file, imported as the browser would. */
const plugin = endpointAddresses();
async function browserCopy(file: string) {
  const load = plugin.load as (id: string) => Promise<string | null>;
  const code = await load.call({}, path.join(contract, file));
  if (code === null) throw new Error(`${file} was not replaced`);
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "endpoint-addresses-")), "copy.mjs");
  fs.writeFileSync(copy, code);
  return { code, exports: (await import(pathToFileURL(copy).href)) as Record<string, unknown> };
}

describe("the browser's copy of the endpoint declarations", () => {
  it("keeps every declaration's method and path and every plain constant, and no schema", async () => {
    expect(declarationFiles.length).toBeGreaterThan(10);
    for (const file of declarationFiles) {
      const declared = (await import(path.join(contract, file))) as Record<
        string,
        Record<string, { method: string; path: string; responses?: unknown }>
      >;
      const { code, exports } = await browserCopy(file);
      expect(code).not.toMatch(/zod|import /);
      for (const [name, value] of Object.entries(declared)) {
        const members = typeof value === "object" && value !== null ? Object.values(value) : [];
        if (members.length > 0 && members.every((member) => typeof member?.path === "string")) {
          const expected = Object.fromEntries(
            Object.entries(value).map(([key, member]) => [key, { method: member.method, path: member.path }]),
          );
          expect(exports[name], `${file}: ${name}`).toEqual(expected);
        } else if (typeof value === "string" || typeof value === "number") {
          expect(exports[name], `${file}: ${name}`).toBe(value);
        }
      }
    }
  });

  it("leaves out a schema, so that importing one in the browser fails the build", async () => {
    const { exports } = await browserCopy("live-endpoints.ts");
    expect(exports.liveEndpoints).toBeDefined();
    expect(exports.LIVE_CHANGE_EVENT).toBe("changed");
    expect(exports).not.toHaveProperty("liveChangeSchema");
  });

  it("leaves every other module to the bundler", async () => {
    const load = endpointAddresses().load as (id: string) => Promise<string | null>;
    expect(await load.call({}, path.join(contract, "endpoint.ts"))).toBeNull();
    expect(await load.call({}, path.join(contract, "endpoints.ts"))).toBeNull();
    expect(await load.call({}, path.join(contract, "auth.ts"))).toBeNull();
  });
});
