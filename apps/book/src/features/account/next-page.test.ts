import { describe, expect, it } from "vitest";
import { safeNext } from "./next-page";

describe("where sign-in goes next", () => {
  it("goes back to a page of the site", () => {
    expect(safeNext("/consultants/abc")).toBe("/consultants/abc");
    expect(safeNext("/appointments?when=past")).toBe("/appointments?when=past");
  });

  it("never to another origin a crafted link names", () => {
    for (const next of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(safeNext(next)).toBe("/");
    }
  });
});
