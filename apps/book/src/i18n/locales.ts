/**
 * The site's languages and their locales, with no other import: the server that writes a profile page's
 * first paint formats with the same table (and lib/format.ts) as the site.
 */
export const LANGUAGES = ["en", "ur"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's locale for Intl (dates, numbers, currency) and its direction; Urdu is right to left. */
export const LOCALES: Record<Language, { locale: string; dir: "ltr" | "rtl"; name: string }> = {
  en: { locale: "en-PK", dir: "ltr", name: "English" },
  ur: { locale: "ur-PK", dir: "rtl", name: "اردو" },
};

/** Where the reader's choice of language is remembered (localStorage, and a cookie the server reads). */
export const LANGUAGE_KEY = "visadesk-book-language";
