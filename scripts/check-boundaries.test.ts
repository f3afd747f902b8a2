import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { describe, expect, it } from "vitest";

/** The rules `npm run lint` checks (.dependency-cruiser.cjs), broken in the places given. */
async function violations(places: string[]) {
  const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
  const { output } = await cruise(places, options);
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

describe("import boundaries", () => {
  it("reject a feature that imports another feature", async () => {
    expect(await violations(["scripts/fixtures/bad-web/src"])).toEqual([
      "feature-to-feature: scripts/fixtures/bad-web/src/features/alpha/alpha-page.tsx → scripts/fixtures/bad-web/src/features/beta/beta-thing.ts",
    ]);
  });

  it("reject two files that import each other, a type-only import included", async () => {
    expect(await violations(["scripts/fixtures/import-cycle/src"])).toEqual([
      "no-import-cycle: scripts/fixtures/import-cycle/src/lib/client.ts → scripts/fixtures/import-cycle/src/lib/messages.ts",
    ]);
  });

  it("hold in the product itself", async () => {
    expect(await violations(["apps/web/src", "apps/api/src"])).toEqual([]);
  }, 60_000);
});
