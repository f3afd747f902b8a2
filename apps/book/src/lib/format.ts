import { COUNTRY_OPTIONS } from "@visadesk/contract/consultants-constants";
// Relative, without the site's alias: the server formats a profile's first paint with this file too.
import { type Language, LOCALES } from "../i18n/locales";

/**
 * Dates, times, numbers and money in the reader's language, through Intl (Latin digits in Urdu, as ur-PK
 * writes them by default). Formatters are made once per language and option set.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames | Intl.ListFormat;
const cache = new Map<string, Formatter>();
function cached<T extends Formatter>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}
const locale = (language: Language) => LOCALES[language].locale;

/**
 * A run of Latin figures put into a sentence (a time, a date, a zone's id), kept whole and left to right
 * inside right-to-left text: wrapped in Unicode's isolates (LRI … PDI) there. Where the run is an element
 * of its own, <Iso> isolates it instead.
 */
export const isolate = (text: string, language: Language) =>
  LOCALES[language].dir === "rtl" ? `\u2066${text}\u2069` : text;

export function formatMoney(amount: number, currency: string, language: Language): string {
  return cached(
    `money:${language}:${currency}`,
    () =>
      new Intl.NumberFormat(locale(language), {
        style: "currency",
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}

export function formatNumber(value: number, language: Language): string {
  return cached(
    `number:${language}`,
    () => new Intl.NumberFormat(locale(language), { maximumFractionDigits: 1 }),
  ).format(value);
}

/**
 * A language the consultant form stores ("urdu") by its name in the reader's language, from the catalogue
 * ("اردو"); one the catalogue does not know shows as stored.
 */
export function languageName(
  value: string,
  t: (key: string, options: { defaultValue: string }) => string,
): string {
  return t(`languages.${value}`, { defaultValue: value });
}

/** A visa type as the directory's choices give it ("student visa"), its words capitalised: "Student Visa". */
export function visaTypeName(value: string): string {
  return value.replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

/** A country the consultant form stores ("uk") by its name in the reader's language ("برطانیہ"). */
export function countryName(value: string, language: Language): string {
  const option = COUNTRY_OPTIONS.find((candidate) => candidate.value === value);
  if (!option) return value;
  const names = cached(
    `region:${language}`,
    () => new Intl.DisplayNames([locale(language)], { type: "region" }),
  );
  return names.of(option.region) ?? option.label;
}

/** Monday is 0: the weekday's name in the reader's language. */
export function weekdayName(mondayFirstIndex: number, language: Language): string {
  // 2024-01-01 was a Monday.
  const day = new Date(Date.UTC(2024, 0, 1 + mondayFirstIndex, 12));
  return cached(
    `weekday:${language}`,
    () => new Intl.DateTimeFormat(locale(language), { weekday: "long", timeZone: "UTC" }),
  ).format(day);
}

/** A wall-clock time ("09:30") as the reader's language writes it ("9:30 AM"). */
export function formatClock(hhmm: string, language: Language): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return cached(
    `clock:${language}`,
    () => new Intl.DateTimeFormat(locale(language), { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
  ).format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
}

/** A zone by its id and, where the language has one, its name: "Asia/Karachi (Pakistan Time)". */
export function zoneLabel(zone: string, language: Language): string {
  try {
    const parts = cached(
      `zone:${language}:${zone}`,
      () => new Intl.DateTimeFormat(locale(language), { timeZone: zone, timeZoneName: "longGeneric" }),
    ).formatToParts(new Date());
    const name = parts.find((part) => part.type === "timeZoneName")?.value;
    const id = isolate(zone, language);
    return name && name !== zone ? `${id} (${name})` : id;
  } catch {
    return zone;
  }
}

/** "Canada, UK and Japan" in the reader's language. */
export function formatList(items: string[], language: Language): string {
  return cached(
    `list:${language}`,
    () => new Intl.ListFormat(locale(language), { type: "conjunction" }),
  ).format(items);
}

/** A calendar date ("2026-12-01") as the reader's language writes a short day: "Tue, 1 Dec". */
export function formatDay(isoDate: string, language: Language): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  return cached(
    `day:${language}`,
    () =>
      new Intl.DateTimeFormat(locale(language), {
        weekday: "short",
        day: "numeric",
        month: "short",
        timeZone: "UTC",
      }),
  ).format(new Date(Date.UTC(year, month - 1, day, 12)));
}
