import { COUNTRY_OPTIONS } from "@visadesk/contract/consultants-constants";
import { CUSTOMER_API } from "@visadesk/contract/customer-auth-endpoints";
import type { PublicConsultantSummary } from "@visadesk/contract/customer-directory";
import { cardVersion } from "./consultant-card";
import { escapeHtml, shorten } from "./text";

export { escapeHtml, shorten };

/** Where the customer site's index.html takes a page's own tags (an HTML comment in its <head>). */
export const APP_META_SLOT = "<!--app-meta-->";
const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\b[^>]*\bname=["']?description["']?[^>]*>/i;

const SITE_NAME = "VisaDesk";
/** About what a search result or a link preview shows of a description before cutting it. */
const DESCRIPTION_MAX = 160;

const COUNTRY_LABELS = new Map<string, string>(COUNTRY_OPTIONS.map((option) => [option.value, option.label]));

const oneLine = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
/** A comma-joined column ("Consultation,Filing") as a reader's list. */
const listOf = (text: string | null) =>
  oneLine(text)
    .split(/\s*,\s*/)
    .filter(Boolean)
    .join(", ");
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

export function profileTitle(consultant: PublicConsultantSummary): string {
  const name = oneLine(consultant.name);
  const business = oneLine(consultant.businessName);
  // A sole trader's business often bears their own name: said once.
  return business && business !== name ? `${name} – ${business}` : name;
}

/** What the profile offers, from its public fields only: countries, services, visa offer. */
export function profileDescription(consultant: PublicConsultantSummary): string {
  const countries = consultant.country.map((value) => COUNTRY_LABELS.get(value) ?? value);
  const services = listOf(consultant.services);
  const offer = oneLine(consultant.visaOffer);
  const parts = [
    countries.length > 0 ? `Visa consultant for ${countries.join(", ")}.` : "Visa consultant.",
    services ? sentence(`Services: ${services}`) : "",
    offer ? sentence(`Offers: ${offer}`) : "",
  ];
  return shorten(parts.filter(Boolean).join(" "), DESCRIPTION_MAX);
}

/** The picture path as the API answers it (/files/...), made absolute; undefined when there is none. */
function pictureUrl(origin: string, picture: string | null): string | undefined {
  if (!picture) return undefined;
  if (/^https?:\/\//i.test(picture)) return picture;
  return picture.startsWith("/") && !picture.startsWith("//") ? origin + picture : undefined;
}

const meta = (kind: "property" | "name", key: string, value: string) =>
  `<meta ${kind}="${key}" content="${escapeHtml(value)}">`;

/**
 * index.html as a consultant's profile: its title and description, and in the meta slot the tags link
 * previews read (Open Graph, Twitter's card) and the canonical address. A piece the page lacks is added
 * before </head> instead. Every value is escaped, and each goes in through a function, never as a
 * replacement pattern ("$&" in a name stays "$&").
 */
export function profilePage(
  html: string,
  consultant: PublicConsultantSummary,
  where: { origin: string; pageUrl: string },
): string {
  const title = profileTitle(consultant);
  const description = profileDescription(consultant);
  const picture = pictureUrl(where.origin, consultant.logoUrl ?? consultant.profilePic);
  // Without a picture, the card drawn for them (name, fee, countries), its version in the address.
  const card = `${where.origin}${CUSTOMER_API}/consultants/${encodeURIComponent(consultant.guidId)}/card?v=${cardVersion(consultant)}`;
  const tags = [
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:type", "profile"),
    meta("property", "og:url", where.pageUrl),
    meta("property", "og:image", picture ?? card),
    meta("property", "og:site_name", SITE_NAME),
    meta("name", "twitter:card", picture ? "summary" : "summary_large_image"),
    `<link rel="canonical" href="${escapeHtml(where.pageUrl)}">`,
  ].join("");

  let page = html;
  const missing: string[] = [];
  const put = (pattern: RegExp | string, tag: string) => {
    const found = typeof pattern === "string" ? page.includes(pattern) : pattern.test(page);
    if (found) page = page.replace(pattern, () => tag);
    else missing.push(tag);
  };
  put(TITLE, `<title>${escapeHtml(`${title} | ${SITE_NAME}`)}</title>`);
  put(DESCRIPTION, meta("name", "description", description));
  put(APP_META_SLOT, tags);
  return missing.length > 0 ? page.replace(/<\/head>/i, () => `${missing.join("")}</head>`) : page;
}

/** The element the site renders into, empty in index.html. */
const ROOT = /<div id="root"><\/div>/;
/** The id of the profile's data in a served page, which the site reads instead of asking the API again. */
export const SERVED_PROFILE_ID = "served-profile";

/**
 * A profile page with its first paint: the body written on the server (profile-body.ts) in the root, the
 * page's language and direction on <html>, and the profile the site's first render needs as JSON data (not
 * a script: the policy runs none inline), "<" written as \u003c so no text can close its element. The
 * template without an empty root is left as it is.
 */
export function withFirstPaint(
  html: string,
  paint: { body: string; data: unknown; lang: string; dir: "ltr" | "rtl" },
): string {
  if (!ROOT.test(html)) return html;
  const data = JSON.stringify(paint.data).replace(/</g, "\\u003c");
  return html
    .replace(/<html\b[^>]*>/i, () => `<html lang="${paint.lang}" dir="${paint.dir}">`)
    .replace(
      ROOT,
      () =>
        `<div id="root" data-served="profile">${paint.body}</div>` +
        `<script type="application/json" id="${SERVED_PROFILE_ID}">${data}</script>`,
    );
}
