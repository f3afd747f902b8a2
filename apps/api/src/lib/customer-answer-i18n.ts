import { en } from "@visadesk/contract/customer-answers/en";
import { ur } from "@visadesk/contract/customer-answers/ur";
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from "@visadesk/contract/customer-auth";
import { createInstance } from "i18next";

/**
 * The customer API's texts in the reader's language, from the catalogues in packages/contract
 * (customer-answers): the server and the back-office keep writing English, and the customer API's answers
 * are translated on their way out by finding each English text in the catalogue, as gettext finds a msgid.
 */

const i18n = createInstance();
// The catalogues are in memory: with initAsync off, init is done when it returns.
void i18n.init({
  resources: { en: { translation: en }, ur: { translation: ur } },
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...CUSTOMER_LANGUAGES],
  initAsync: false,
  // Answers are JSON: the client escapes what it shows.
  interpolation: { escapeValue: false },
});

type Tree = { readonly [key: string]: string | Tree };
function entries(tree: Tree, prefix = ""): Array<[key: string, text: string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const VARIABLE = /{{\s*([^}]+?)\s*}}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const exact = new Map<string, string>();
const templates: Array<{ key: string; pattern: RegExp; names: string[]; fixed: number }> = [];
for (const [key, text] of entries(en)) {
  const names = [...text.matchAll(VARIABLE)].map((match) => match[1] as string);
  if (names.length === 0) {
    exact.set(text, key);
    continue;
  }
  // Each variable is one word (a number, a type name), so a template cannot swallow a sentence.
  const source = text
    .split(VARIABLE)
    .map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : "(\\S+)"))
    .join("");
  templates.push({
    key,
    pattern: new RegExp(`^${source}$`),
    names,
    fixed: text.replace(VARIABLE, "").length,
  });
}
// The template with the most fixed words decides where two would match.
templates.sort((a, b) => b.fixed - a.fixed);

/** The English text's key in the catalogue and its variables, or undefined for a text it does not hold. */
export function answerTextOf(text: string): { key: string; variables: Record<string, string> } | undefined {
  const key = exact.get(text);
  if (key) return { key, variables: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (match) {
      return {
        key: template.key,
        variables: Object.fromEntries(template.names.map((name, index) => [name, match[index + 1] ?? ""])),
      };
    }
  }
  return undefined;
}

/**
 * The text in the language; undefined when the catalogue does not hold it (the English then goes out as it
 * is). English is answered unchanged.
 */
export function translateAnswerText(language: CustomerLanguage, text: string): string | undefined {
  if (language === "en") return text;
  const found = answerTextOf(text);
  return found ? i18n.t(found.key, { ...found.variables, lng: language }) : undefined;
}

/**
 * The language an Accept-Language header asks for among the customer languages: the first by its weight
 * (ur, ur-PK and any other Urdu count as Urdu), else English.
 */
export function languageOfAcceptLanguage(header: string | undefined): CustomerLanguage {
  if (!header) return "en";
  const asked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const weight = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], weight: weight ? Number(weight) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of asked) {
    const known = CUSTOMER_LANGUAGES.find((candidate) => candidate === language);
    if (known) return known;
  }
  return "en";
}

/**
 * An answer with its texts (`message`, each of `fieldErrors`) in the language; any other answer, and every
 * other field, as it is. `untranslated` hears of each text the catalogue does not hold.
 */
export function translateAnswer<T>(
  answer: T,
  language: CustomerLanguage,
  untranslated: (text: string) => void,
): T {
  if (language === "en" || !answer || typeof answer !== "object" || Array.isArray(answer)) return answer;
  const { message, fieldErrors } = answer as { message?: unknown; fieldErrors?: unknown };
  const translate = (text: string) => {
    const translated = translateAnswerText(language, text);
    if (translated === undefined) untranslated(text);
    return translated ?? text;
  };
  const translated: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  if (typeof message === "string") translated.message = translate(message);
  if (fieldErrors && typeof fieldErrors === "object") {
    translated.fieldErrors = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, text]) => [
        field,
        typeof text === "string" ? translate(text) : text,
      ]),
    );
  }
  return translated as T;
}
