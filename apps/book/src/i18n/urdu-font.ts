import regular from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url";
import bold from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff2?url";

/** The Arabic script's code points (the font's own Arabic subset): any other letter keeps the system's font. */
const ARABIC_SCRIPT =
  "U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, " +
  "U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC";

let added = false;

/**
 * Urdu's typeface, Noto Naskh Arabic (regular and bold, about 52 KB each as WOFF2), declared only once a
 * page is in Urdu: this module comes with the Urdu texts, so an English page never declares it, and the
 * browser downloads a face only when Urdu text needs it. Text shows at once in the system's font and takes
 * this one when it arrives (font-display: swap); base.css puts it first for :lang(ur).
 */
export function addUrduFont() {
  if (added || typeof FontFace === "undefined") return;
  added = true;
  for (const [weight, url] of [
    ["400", regular],
    ["700", bold],
  ] as const) {
    document.fonts.add(
      new FontFace("Noto Naskh Arabic", `url("${url}") format("woff2")`, {
        weight,
        style: "normal",
        display: "swap",
        unicodeRange: ARABIC_SCRIPT,
      }),
    );
  }
}
