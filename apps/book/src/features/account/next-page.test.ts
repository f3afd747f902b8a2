import { describe, expect, it } from "vitest";
import { forgetSignUpNext, rememberSignUpNext, safeNext, signUpNext } from "./next-page";

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

describe("where a sign-up from a chosen time comes back to from the mailed link", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };
  const NOW = Date.UTC(2026, 11, 1, 8);

  it("is the time chosen, for the same address (whatever its case) within a day, and once", () => {
    const store = memory();
    rememberSignUpNext("Sara@Example.com ", "/consultants/abc?at=2026-12-03T05:00:00.000Z", store, NOW);
    expect(signUpNext("sara@example.com", store, NOW + 60_000)).toBe(
      "/consultants/abc?at=2026-12-03T05:00:00.000Z",
    );
    expect(signUpNext("other@example.com", store, NOW)).toBeNull();
    expect(signUpNext("sara@example.com", store, NOW + 25 * 60 * 60 * 1000)).toBeNull();
    forgetSignUpNext(store);
    expect(signUpNext("sara@example.com", store, NOW)).toBeNull();
  });

  it("never another origin, and nothing without storage", () => {
    const store = memory();
    rememberSignUpNext("sara@example.com", "//evil.example/x", store, NOW);
    expect(signUpNext("sara@example.com", store, NOW)).toBe("/");
    expect(signUpNext("sara@example.com", undefined, NOW)).toBeNull();
    expect(signUpNext(null, store, NOW)).toBeNull();
  });
});
