import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  MantineProvider,
  type MantineTheme,
  rem,
  rgba,
  type VariantColorResolverResult,
  type VariantColorsResolver,
} from "@mantine/core";
import type { ReactNode } from "react";
import { AuthProvider } from "../lib/auth";

import { cspNonce } from "../lib/content-security-policy";
import { ToastSlot } from "../lib/toast-slot";
import { colorSchemeManager } from "./color-scheme";

/**
 * Modal transition 300 ms, backdrop transition 150 ms. The theme below gives them to every
 * dialog and drawer, so no dialog repeats the numbers.
 */
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

const dialogDefaults = {
  transitionProps: { duration: MODAL_TRANSITION_MS },
  overlayProps: { transitionProps: { duration: BACKDROP_TRANSITION_MS } },
};

/** WCAG AA for text of normal size. */
const MIN_TEXT_CONTRAST = 4.5;
const contrast = (a: string, b: string) => {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};
/** The colour itself, or the least darkened version of it that reads on the background. */
function readableOn(color: string, background: string) {
  let text = color;
  for (let step = 1; contrast(text, background) < MIN_TEXT_CONTRAST && step < 10; step += 1) {
    text = darken(color, step / 10);
  }
  return text;
}

/**
 * The light variant of a shade (color="teal.9" variant="light", the badges): Mantine fills it with the
 * shade itself and writes its pale "light" text on it, and any text colour chosen for a tint is then drawn
 * on the same colour. It takes a tint instead: the palest shade under a dark enough version of the shade in
 * the light scheme, and the shade faintly over the dark body under the palest shade in the dark one.
 */
function lightVariantOfShade(
  theme: MantineTheme,
  name: string,
  shade: number,
): VariantColorResolverResult | null {
  const palette = theme.colors[name];
  const color = palette?.[shade];
  const pale = palette?.[0];
  const tint = palette?.[1];
  if (!color || !pale || !tint) return null;
  const text = readableOn(color, pale);
  return {
    background: `light-dark(${pale}, ${rgba(color, 0.2)})`,
    hover: `light-dark(${tint}, ${rgba(color, 0.3)})`,
    color: `light-dark(${text}, ${pale})`,
    hoverColor: `light-dark(${text}, ${pale})`,
    border: `${rem(1)} solid transparent`,
  };
}

/**
 * Text-coloured variants (outline, subtle) of a dark shade such as red.9 are readable on white but not on
 * the dark body: there they take a pale shade of the same colour. Filled variants keep white on the shade.
 */
const TEXT_VARIANTS = new Set(["outline", "light", "subtle", "transparent"]);
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const [name, shade] = (input.color ?? "").split(".");
  if (!TEXT_VARIANTS.has(input.variant) || !name) return colors;
  // A colour named without a shade ("gray", "yellow"): Mantine's pale text on its pale tint is under AA, so
  // the text takes the page's own colour (the tint, border and hover keep the colour).
  if (shade === undefined)
    return { ...colors, color: "var(--mantine-color-text)", hoverColor: "var(--mantine-color-text)" };
  const tinted = input.variant === "light" ? lightVariantOfShade(input.theme, name, Number(shade)) : null;
  if (tinted) return tinted;
  if (Number(shade) < 7) return colors;
  const readable = `light-dark(var(--mantine-color-${name}-${shade}), var(--mantine-color-${name}-3))`;
  return {
    ...colors,
    color: readable,
    hoverColor: readable,
    border: input.variant === "outline" ? readable : colors.border,
  };
};

/** The toasts' layer is 9999 (their library's own); menus and pickers open over it. */
const ABOVE_TOASTS = 10_000;

export const theme = createTheme({
  variantColorResolver,
  // Dialogs, drawers, menus and collapsing sections appear at once for someone who asked the system for
  // less motion (vestibular disorders); everyone else keeps the transitions.
  respectReducedMotion: true,
  primaryColor: "indigo",
  // indigo.6 with white text is 4.3:1, under WCAG AA; shade 7 is 5:1 (filled buttons, links).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  // The font is set in styles/typography.css, where the page has it before this script runs.
  // Plain objects, not Modal.extend(): importing Modal here put dialogs, focus traps and scroll areas
  // into every page's first download, /login included.
  components: {
    Modal: { defaultProps: dialogDefaults },
    Drawer: { defaultProps: dialogDefaults },
    // A name, email or address without a space (a pasted 300-character one) breaks where it must instead
    // of pushing cards, headers and the page wider than the screen. Table cells cut theirs (LongText).
    Text: { styles: { root: { overflowWrap: "anywhere" } } },
    Title: { styles: { root: { overflowWrap: "anywhere" } } },
    // A badge is one short word or two. Mantine's cuts its label with an ellipsis, so in a crowded table
    // cell it shrank to a coloured dot ("Pending approval" beside Approve and Reject): it keeps its width.
    Badge: { styles: { root: { flexShrink: 0, minWidth: "max-content" } } },
    // What a person has just opened (a menu, a select's options, a date picker) lies above the toasts,
    // which sit beneath the header where the header's menus open: a toast covered the item being pressed.
    // Menus and selects open through Popover, so this one default covers them all.
    Popover: { defaultProps: { zIndex: ABOVE_TOASTS } },
  },
});

// Mantine's light "dimmed" grey (#868e96) is below WCAG AA contrast on white; gray.7 passes.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Likewise the red of field errors (red.6, 3.3:1); red.9 passes.
  // Links and the product name: indigo.8 on white, indigo.3 on the dark body (both over 4.5:1).
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-8)",
    "--visadesk-color-success": "var(--mantine-color-teal-9)",
  },
  // Mantine's dark "dimmed" (dark.2) is under 4.5:1 on cards; dark.1 passes.
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-3)",
    "--mantine-color-error": "var(--mantine-color-red-3)",
    "--visadesk-color-success": "var(--mantine-color-teal-3)",
  },
});

// Without a nonce (the dev server, tests) Mantine writes its styles as it would anyway.
const nonce = cspNonce;
const styleNonce = nonce ? { getStyleNonce: () => nonce } : {};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      {...styleNonce}
    >
      <AuthProvider>
        {children}
        <ToastSlot />
      </AuthProvider>
    </MantineProvider>
  );
}
