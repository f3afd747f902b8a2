import { CUSTOMER_LANGUAGES, type CustomerLanguage } from "@visadesk/contract/customer-auth";
import {
  type CustomerMailKey,
  type CustomerMailText,
  en,
  type VariablesOf,
} from "@visadesk/contract/customer-mails/en";
import { ur } from "@visadesk/contract/customer-mails/ur";
import { createInstance } from "i18next";
import type { Mail } from "./mailer";

/**
 * The customer's mails in their own language, from the catalogues the customer site shares
 * (packages/contract/src/customer-mails). Staff mails stay English and are written where they are sent.
 */

const i18n = createInstance();
// The catalogues are in memory: with initAsync off, init is done when it returns.
void i18n.init({
  resources: { en: { translation: en }, ur: { translation: ur } },
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...CUSTOMER_LANGUAGES],
  initAsync: false,
  // Mails are plain text: nothing to escape (and a name such as O'Brien must arrive as typed).
  interpolation: { escapeValue: false },
});

// i18next's own key and variable types expect one resource type declared for the whole program; t() below
// types keys and variables from the English catalogue instead.
const translate = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;

/** Each language's locale for Intl: Pakistani English and Urdu, both with Latin digits. */
export const MAIL_LOCALES: Record<CustomerLanguage, string> = { en: "en-PK", ur: "ur-PK" };

/** The language an account's mails are in: its own, else English (null, or a language no longer offered). */
export const mailLanguageOf = (value: string | null | undefined): CustomerLanguage =>
  CUSTOMER_LANGUAGES.find((language) => language === value) ?? "en";

/**
 * Who reads a customer mail: the language it is written in, and the zone its times are told in (null: the
 * reader never gave one, so times are told in the appointment's own zone only).
 */
export interface MailReader {
  language: CustomerLanguage;
  timeZone: string | null;
}

export const mailReaderOf = (account: { language: string | null; timeZone: string | null }): MailReader => ({
  language: mailLanguageOf(account.language),
  timeZone: account.timeZone,
});

/** A text of the catalogue in the language, with its variables (every one the English text names). */
export function t<Key extends CustomerMailKey>(
  language: CustomerLanguage,
  key: Key,
  ...[variables]: VariablesOf<CustomerMailText<Key>> extends never
    ? []
    : [Record<VariablesOf<CustomerMailText<Key>>, string | number>]
): string {
  return translate(key, { ...variables, lng: language });
}

/**
 * A customer's mail: the greeting, then the paragraphs, blank lines between. The paragraphs are texts of the
 * catalogue; the company's name, when it signs the mail, is the last.
 */
export function customerMail(
  to: string,
  language: CustomerLanguage,
  subject: string,
  paragraphs: string[],
): Mail {
  return { to, subject, text: [t(language, "greeting"), ...paragraphs].join("\n\n") };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: CustomerLanguage, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(MAIL_LOCALES[language], {
      ...options,
      timeZone: zone,
      numberingSystem: "latn",
    });
    formatters.set(key, found);
  }
  return found;
}

/** "Tuesday, 12 March 2030" ("منگل، 12 مارچ، 2030"): the day of the instant in the zone. */
export const mailDay = (language: CustomerLanguage, at: string | Date, zone: string) =>
  formatter(language, zone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(at),
  );

/** The zone's name in the language ("Pakistan Standard Time"), or its id when Intl has none. */
function zoneName(language: CustomerLanguage, at: Date, zone: string) {
  const parts = formatter(language, zone, { timeZoneName: "longGeneric" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** "Tuesday, 12 March 2030 at 9:00 am, Pakistan Standard Time (Asia/Karachi)", in the language. */
export function mailTime(language: CustomerLanguage, at: string | Date, zone: string): string {
  const instant = new Date(at);
  return t(language, "appointment.at", {
    day: mailDay(language, instant, zone),
    time: formatter(language, zone, { hour: "numeric", minute: "2-digit" }).format(instant),
    zoneName: zoneName(language, instant, zone),
    zone,
  });
}
