import { DEFAULT_THEME, luminance, mergeMantineTheme } from "@mantine/core";
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
  });

  it("the light variant of a shade (the badges) is a tint under readable text, not the shade under itself", () => {
    /** The light scheme's half of light-dark(light, dark). */
    const light = (value: string) => /^light-dark\((#\w+|rgba\([^)]*\)), /.exec(value)?.[1] ?? value;
    const contrast = (a: string, b: string) => {
      const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (lighter + 0.05) / (darker + 0.05);
    };
    for (const name of Object.keys(DEFAULT_THEME.colors)) {
      for (let shade = 0; shade < 10; shade += 1) {
        const colors = resolve(`${name}.${shade}`, "light");
        expect(colors.background).not.toBe(DEFAULT_THEME.colors[name]?.[shade]);
        expect(
          contrast(light(colors.color), light(colors.background)),
          `${name}.${shade}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
    // The dark scheme writes the palest shade on the shade's faint tint over the dark body.
    expect(resolve("teal.9", "light")).toMatchObject({
      background: `light-dark(${DEFAULT_THEME.colors.teal[0]}, rgba(8, 127, 91, 0.2))`,
      color: `light-dark(${DEFAULT_THEME.colors.teal[9]}, ${DEFAULT_THEME.colors.teal[0]})`,
    });
  });

  it("filled variants and light shades are Mantine's own", () => {
    expect(resolve("red.9", "filled").color).toBe("var(--mantine-color-white)");
    expect(resolve("teal.4", "subtle").color).not.toContain("light-dark");
  });
});
