import { createHash } from "node:crypto";
import { COUNTRY_OPTIONS } from "@visadesk/contract/consultants-constants";
import type { PublicConsultantSummary } from "@visadesk/contract/customer-directory";
import sharp from "sharp";
import { escapeHtml, shorten } from "./text";

/** The size link previews ask for (Open Graph's large image). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The brand's colours (the site's --accent and its text). */
const BRAND = "#0b5e43";
const BRAND_DARK = "#073d2c";
const ON_BRAND = "#ffffff";
/** What a card writes at most: a name cut at a word, the first countries. */
const NAME_MAX = 40;
const COUNTRIES_MAX = 4;
/** Cards rendered at once in this process, and rendered cards kept (the newest). */
const RENDERS_AT_ONCE = 2;
const CARDS_KEPT = 200;

const COUNTRY_LABELS = new Map<string, string>(COUNTRY_OPTIONS.map((option) => [option.value, option.label]));

/** What a card shows: the name, the fee (in the site's currency), the first countries. */
function cardFacts(consultant: PublicConsultantSummary) {
  const countries = consultant.country.map((value) => COUNTRY_LABELS.get(value) ?? value);
  const shown = countries.slice(0, COUNTRIES_MAX).join(" · ");
  return {
    name: shorten(consultant.name.replace(/\s+/g, " ").trim(), NAME_MAX),
    fee:
      consultant.fee === null
        ? "Fee on request"
        : new Intl.NumberFormat("en-PK", {
            style: "currency",
            currency: consultant.currency,
            maximumFractionDigits: 2,
          }).format(consultant.fee),
    countries: countries.length > COUNTRIES_MAX ? `${shown} +${countries.length - COUNTRIES_MAX}` : shown,
  };
}

/** The card's version: it changes when what it shows changes (the name, the fee, the countries). */
export function cardVersion(consultant: PublicConsultantSummary): string {
  return createHash("sha256")
    .update(JSON.stringify(cardFacts(consultant)))
    .digest("base64url")
    .slice(0, 16);
}

/** The card as SVG: the brand's green, the name large, the fee and the countries beneath. Text escaped. */
export function cardSvg(consultant: PublicConsultantSummary): string {
  const facts = cardFacts(consultant);
  const nameSize = facts.name.length > 24 ? 64 : 84;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="${BRAND}"/>`,
    `<rect y="${CARD_HEIGHT - 120}" width="100%" height="120" fill="${BRAND_DARK}"/>`,
    `<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="${ON_BRAND}">`,
    `<text x="80" y="140" font-size="40" font-weight="700">VisaDesk</text>`,
    `<text x="80" y="320" font-size="${nameSize}" font-weight="700">${escapeHtml(facts.name)}</text>`,
    `<text x="80" y="410" font-size="48">${escapeHtml(facts.fee)}</text>`,
    facts.countries
      ? `<text x="80" y="${CARD_HEIGHT - 45}" font-size="40">${escapeHtml(facts.countries)}</text>`
      : "",
    `</g></svg>`,
  ].join("");
}

/** Too many cards are being drawn at this moment: the caller may ask again shortly. */
export class CardsBusy extends Error {}

/**
 * Cards as PNG, drawn on demand and kept by version: a consultant's card is drawn once per change of what
 * it shows, however many previews ask for it. At most RENDERS_AT_ONCE are drawn at a time in the process
 * (another is refused with CardsBusy rather than queued), each within a time limit.
 */
export function createCardRenderer() {
  const kept = new Map<string, Buffer>();
  let drawing = 0;
  return async function card(consultant: PublicConsultantSummary): Promise<{ png: Buffer; version: string }> {
    const version = cardVersion(consultant);
    const key = `${consultant.guidId}:${version}`;
    const found = kept.get(key);
    if (found) return { png: found, version };
    if (drawing >= RENDERS_AT_ONCE) throw new CardsBusy();
    drawing += 1;
    try {
      const png = await sharp(Buffer.from(cardSvg(consultant)))
        .resize(CARD_WIDTH, CARD_HEIGHT)
        .png({ compressionLevel: 9, palette: true })
        .timeout({ seconds: 5 })
        .toBuffer();
      kept.delete(key);
      kept.set(key, png);
      // The oldest first out (a Map keeps insertion order).
      for (const old of kept.keys()) {
        if (kept.size <= CARDS_KEPT) break;
        kept.delete(old);
      }
      return { png, version };
    } finally {
      drawing -= 1;
    }
  };
}
