import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { theme, variantColorResolver } from "./providers";

const resolve = (color: string, variant: string) =>
  variantColorResolver({ color, variant, theme: mergeMantineTheme(DEFAULT_THEME, theme) });

describe("the variant colours of buttons and icons", () => {
  it("a colour named without a shade (the header's grey icons, a yellow alert) writes in the page's text colour", () => {
    for (const color of ["gray", "yellow"]) {
      for (const variant of ["subtle", "light", "outline"]) {
        expect(resolve(color, variant).color).toBe("var(--mantine-color-text)");
      }
    }
  });

  it("a dark shade's text variants take a pale shade in the dark scheme", () => {
    expect(resolve("red.9", "subtle").color).toBe(
      "light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))",
    );
    expect(resolve("red.9", "light").color).toBe(
      "light-dark(var(--mantine-color-red-9), var(--mantine-color-red-0))",
    );
  });

  it("filled variants and light shades are Mantine's own", () => {
    expect(resolve("red.9", "filled").color).toBe("var(--mantine-color-white)");
    expect(resolve("teal.4", "subtle").color).not.toContain("light-dark");
  });
});
