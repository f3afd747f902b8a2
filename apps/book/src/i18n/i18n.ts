import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import { LANGUAGE_KEY, LANGUAGES, type Language, LOCALES } from "./locales";

/** Urdu's texts and typeface come with the first Urdu page or the switch to Urdu: English readers never download them. */
const urduTexts = () =>
  Promise.all([import("./ur"), import("./urdu-font")]).then(([texts, font]) => {
    font.addUrduFont();
    return texts.ur;
  });

export { LANGUAGE_KEY, LANGUAGES, type Language, LOCALES };

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The remembered choice; else Urdu for a browser that asks for it first; else English. */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // No storage (a locked-down browser): the browser's own preference decides.
  }
  const asked = navigator.languages.find((tag) => isLanguage(tag.slice(0, 2)));
  return asked?.startsWith("ur") ? "ur" : "en";
}

/**
 * The page's lang and dir follow the language, so the layout mirrors and screen readers switch voice; a
 * cookie tells the server, which writes a profile's first paint in the same language.
 */
function applyToDocument(language: Language) {
  document.documentElement.lang = LOCALES[language].locale;
  document.documentElement.dir = LOCALES[language].dir;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and value; the Cookie Store API is not in every browser the site serves
  document.cookie = `${LANGUAGE_KEY}=${language}; path=${import.meta.env.BASE_URL}; max-age=31536000; samesite=lax`;
}

export async function startI18n() {
  const language = initialLanguage();
  applyToDocument(language);
  await i18next.use(initReactI18next).init({
    resources: {
      en: { translation: en },
      ...(language === "ur" ? { ur: { translation: await urduTexts() } } : {}),
    },
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
}

export async function chooseLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered, but still applied.
  }
  if (language === "ur" && !i18next.hasResourceBundle("ur", "translation")) {
    i18next.addResourceBundle("ur", "translation", await urduTexts());
  }
  applyToDocument(language);
  await i18next.changeLanguage(language);
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : "en");
