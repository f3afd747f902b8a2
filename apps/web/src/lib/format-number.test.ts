import { describe, expect, it } from "vitest";
import { formatAtLeast, formatCount } from "./format-number";

describe("formatCount", () => {
  it("writes thousands separators", () => {
    expect(formatCount(13970)).toBe("13,970");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(7)).toBe("7");
  });

  it("says when a count is only a lower bound", () => {
    expect(formatAtLeast(1200, true)).toBe("1,200+");
    expect(formatAtLeast(3, false)).toBe("3");
  });
});
