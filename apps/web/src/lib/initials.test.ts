import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letter of the first two words", () => {
    expect(initialsOf("sara khan")).toBe("SK");
    expect(initialsOf("  Ali   Raza  Shah ")).toBe("AR");
    expect(initialsOf("")).toBe("");
  });

  it("never splits a character made of several code points", () => {
    expect(initialsOf("Nina 🌸 Okafor")).toBe("N🌸");
    expect(initialsOf("🇵🇰 Team")).toBe("🇵🇰T");
    expect(initialsOf("e\u0301lodie")).toBe("E\u0301");
    // No lone surrogate (what showed as "N\uFFFD" before).
    for (const initials of [initialsOf("👩‍💻 Dev"), initialsOf("𝒜lpha")]) {
      expect(initials).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(initialsOf("👩‍💻 Dev")).toBe("👩‍💻D");
  });
});
