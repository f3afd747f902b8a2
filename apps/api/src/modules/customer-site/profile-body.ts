import type { PublicConsultant } from "@visadesk/contract/customer-directory";
// The site's own catalogues, locales and formats (relative: the site's alias is its build's): the server's
// first paint of a profile says and formats what the site's first render of it does, word for word.
import { en } from "../../../../book/src/i18n/en";
import { LANGUAGE_KEY, LANGUAGES, type Language, LOCALES } from "../../../../book/src/i18n/locales";
import { ur } from "../../../../book/src/i18n/ur";
import {
  countryName,
  formatClock,
  formatList,
  formatMoney,
  formatNumber,
  weekdayName,
  zoneLabel,
} from "../../../../book/src/lib/format";
import { escapeHtml } from "./text";

export { LOCALES };

const CATALOGUES = { en, ur };
type Texts = typeof en;

/**
 * The reader's language as the site chooses it: the choice it remembered (its cookie), else Urdu for a
 * browser that asks for it before English, else English.
 */
export function readerLanguage(headers: { cookie?: string; "accept-language"?: string }): Language {
  const remembered = new RegExp(`(?:^|;\\s*)${LANGUAGE_KEY}=(\\w+)`).exec(headers.cookie ?? "")?.[1];
  const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
  if (isLanguage(remembered)) return remembered;
  const asked = (headers["accept-language"] ?? "")
    .split(",")
    .map((tag) => tag.trim().toLowerCase())
    .find((tag) => isLanguage(tag.slice(0, 2)));
  return asked?.startsWith("ur") ? "ur" : "en";
}

/** A text of the catalogue with its {{variables}} put in (escaped, as everything written here). */
function textOf(texts: Texts, language: Language) {
  return (
    path: string,
    values: Record<string, string | number> = {},
    count: number | undefined = undefined,
  ): string => {
    const [group = "", key = ""] = path.split(".");
    const entries = texts[group as keyof Texts] as Record<string, string>;
    const form =
      count === undefined ? key : `${key}_${new Intl.PluralRules(LOCALES[language].locale).select(count)}`;
    const template = entries[form] ?? entries[`${key}_other`] ?? key;
    const all = count === undefined ? values : { count, ...values };
    return escapeHtml(template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(all[name] ?? "")));
  };
}

const iso = (html: string, dir: "ltr" | "auto" = "ltr") => `<bdi dir="${dir}">${html}</bdi>`;

/** The initials the site shows for a consultant without a picture (lib/initials.ts). */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");

/** An uploaded picture's full copy (a path of this server), or a picture elsewhere. */
function pictureOf(path: string | null): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path)) return path;
  const local = path.startsWith("/") ? path : `/${path}`;
  return local.startsWith("//") ? undefined : local;
}

/** Only a web address is a link: a consultant's `javascript:` website is no link at all. */
export const isWebAddress = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * The frame and the profile as the site's first render of it writes them (app/layout.tsx with the session
 * not yet known, features/consultant/consultant-page.tsx before the free times, which wait for it): same
 * elements, classes and texts, so the site's render replaces it with nothing a reader sees change. Every
 * value a consultant wrote is escaped.
 */
export function profileBody(consultant: PublicConsultant, language: Language, base: string): string {
  const t = textOf(CATALOGUES[language], language);
  const name = escapeHtml(consultant.name);
  const picture = pictureOf(consultant.logoUrl ?? consultant.profilePic);
  const section = (title: string, text: string | null) =>
    text
      ? `<section class="profile-section"><h2>${t(title)}</h2><p class="prose">${escapeHtml(text)}</p></section>`
      : "";
  const fact = (term: string, detail: string) => `<div><dt>${term}</dt><dd>${detail}</dd></div>`;
  const facts = [
    fact(
      t("consultant.fee"),
      consultant.fee === null
        ? t("consultant.feeOnRequest")
        : iso(escapeHtml(formatMoney(consultant.fee, consultant.currency, language))),
    ),
    fact(
      t("directory.rating"),
      consultant.rating === null
        ? t("consultant.unrated")
        : t("consultant.rating", { rating: formatNumber(consultant.rating, language) }),
    ),
    consultant.experience === null
      ? ""
      : fact(t("consultant.experienceLabel"), t("consultant.experience", {}, consultant.experience)),
    consultant.satisfiedClients === null
      ? ""
      : fact(
          t("consultant.satisfiedClientsLabel"),
          t("consultant.satisfiedClients", {}, consultant.satisfiedClients),
        ),
    consultant.country.length > 0
      ? fact(
          t("consultant.countries"),
          escapeHtml(
            formatList(
              consultant.country.map((country) => countryName(country, language)),
              language,
            ),
          ),
        )
      : "",
  ].join("");
  const days = consultant.weeklyHours
    .map((day, index) => {
      const ranges =
        day.ranges.length === 0
          ? t("consultant.closed")
          : day.ranges
              .map((range) =>
                iso(
                  escapeHtml(`${formatClock(range.start, language)} – ${formatClock(range.end, language)}`),
                ),
              )
              .join(", ");
      return `<tr><th scope="row">${escapeHtml(weekdayName(index, language))}</th><td>${ranges}</td></tr>`;
    })
    .join("");
  const offices = consultant.addresses.map((office) => {
    const place = [office.address, office.city, office.state, office.zipCode, office.country]
      .filter(Boolean)
      .join(", ");
    const map = `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
    return (
      `<li><address>${iso(escapeHtml(place), "auto")}</address>` +
      `<a href="${escapeHtml(map)}" target="_blank" rel="noopener noreferrer">` +
      `${t("consultant.map", { place: office.city || office.address })}</a></li>`
    );
  });
  const article = [
    `<article class="profile"><header class="profile-header"><div class="avatar avatar-large" aria-hidden="true">`,
    picture
      ? `<img src="${escapeHtml(picture)}" alt="" width="96" height="96">`
      : escapeHtml(initialsOf(consultant.name)),
    `</div><div><h1>${name}</h1><p class="muted">${escapeHtml(consultant.businessName ?? "")}</p>`,
    consultant.isPremium ? `<span class="badge">${t("consultant.premium")}</span>` : "",
    `</div></header>`,
    `<div class="share"><button type="button" class="secondary">${t("consultant.share")}</button>`,
    `<p class="share-status" role="status"></p></div>`,
    `<dl class="facts">${facts}</dl>`,
    section("consultant.about", consultant.aboutInfo),
    section("consultant.services", consultant.services),
    section("consultant.visaOffer", consultant.visaOffer),
    isWebAddress(consultant.website)
      ? `<p><a href="${escapeHtml(consultant.website)}" rel="noopener noreferrer nofollow ugc" target="_blank">${t("consultant.website")}</a></p>`
      : "",
    `<section class="profile-section" aria-labelledby="hours-title"><h2 id="hours-title">${t("consultant.hours")}</h2>`,
    `<p class="muted">${t("consultant.hoursZone", { zone: zoneLabel(consultant.timeZone, language) })}</p>`,
    consultant.defaultHours ? `<p>${t("consultant.defaultHours")}</p>` : "",
    `<table class="hours"><tbody>${days}</tbody></table></section>`,
    `<section class="profile-section" aria-labelledby="offices-title"><h2 id="offices-title">${t("consultant.offices")}</h2>`,
    offices.length === 0
      ? `<p class="muted">${t("consultant.noOffices")}</p>`
      : `<ul class="offices">${offices.join("")}</ul>`,
    `</section></article>`,
  ].join("");
  const options = LANGUAGES.map(
    (code) =>
      `<option value="${code}" lang="${LOCALES[code].locale}"${code === language ? " selected" : ""}>${escapeHtml(LOCALES[code].name)}</option>`,
  ).join("");
  return [
    `<a class="skip-link" href="#main">${t("app.skip")}</a>`,
    `<header class="site-header" data-menu="closed"><a class="brand" href="${escapeHtml(base)}">`,
    `<img src="${escapeHtml(base)}/icon.svg" alt="" width="28" height="28">${t("app.name")}</a>`,
    `<label class="language"><span class="language-label">${t("app.language")}</span><select>${options}</select></label>`,
    `<nav class="account-nav" aria-label="${t("app.accountNav")}"></nav></header>`,
    `<main id="main" tabindex="-1"><a class="back" href="${escapeHtml(base)}">`,
    `<span class="flip-in-rtl" aria-hidden="true">←</span> ${t("consultant.back")}</a>${article}</main>`,
  ].join("");
}
