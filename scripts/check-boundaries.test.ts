import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types.
import { checkBoundaries } from "./check-boundaries.mjs";

describe("import boundaries", () => {
  it("reject a feature that imports another feature", () => {
    const problems: string[] = checkBoundaries({
      webSrc: "scripts/fixtures/bad-web/src",
      apiSrc: "scripts/fixtures/none",
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('feature "alpha" imports feature "beta"');
  });

  it("hold in the product itself", () => {
    expect(checkBoundaries({ webSrc: "apps/web/src", apiSrc: "apps/api/src" })).toEqual([]);
  });
});
