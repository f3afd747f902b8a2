import { describe, expect, it } from "vitest";

/** A message catalogue: texts, or groups of them, by key. */
export type CatalogueTree = { readonly [key: string]: string | CatalogueTree };

/** Every text of a catalogue by its dotted key. */
export function catalogueTexts(tree: CatalogueTree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") found.set(`${prefix}${key}`, value);
    else for (const [inner, text] of catalogueTexts(value, `${prefix}${key}.`)) found.set(inner, text);
  }
  return found;
}

const variables = (text: string) => [...text.matchAll(/{{\s*([^}]+?)\s*}}/g)].map((match) => match[1]).sort();
const withoutVariables = (text: string) => text.replaceAll(/{{[^}]*}}/g, "");
/** The figures a text states outside its variables: a limit, a format's example. */
const figures = (text: string) => withoutVariables(text).match(/\d[\d,.:-]*\d|\d/g) ?? [];

export interface CatalogueCheckOptions {
  /** Each figure of an English text is stated in its Urdu one too. */
  figures?: boolean;
  /** Each English text is held once, so a text sent names one key. */
  uniqueEnglish?: boolean;
}

/**
 * The checks every English and Urdu catalogue pair passes: the same keys, the same {{variables}} per text,
 * every Urdu text in Urdu script, and as asked the figures kept and each English text held once.
 */
export function checkCatalogues(
  title: string,
  catalogues: { en: CatalogueTree; ur: CatalogueTree },
  options: CatalogueCheckOptions = {},
) {
  const english = catalogueTexts(catalogues.en);
  const urdu = catalogueTexts(catalogues.ur);

  describe(title, () => {
    it("give Urdu every English key, and no other", () => {
      expect([...urdu.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it("give each Urdu text exactly the {{variables}} of its English text", () => {
      for (const [key, text] of english) {
        expect({ key, variables: variables(urdu.get(key) ?? "") }).toEqual({
          key,
          variables: variables(text),
        });
      }
    });

    it(`write every Urdu text in Urdu script${options.figures ? ", stating each figure the English one states" : ""}`, () => {
      for (const [key, text] of urdu) {
        expect({ key, urdu: /[\u0600-\u06ff]/.test(withoutVariables(text)) }).toEqual({ key, urdu: true });
        if (!options.figures) continue;
        for (const figure of figures(english.get(key) ?? ""))
          expect({ key, text }).toEqual({ key, text: expect.stringContaining(figure) });
      }
    });

    if (options.uniqueEnglish) {
      it("hold each English text once, so a text the server sends names one key", () => {
        const seen = new Map<string, string>();
        for (const [key, text] of english) {
          expect({ key, sameAs: seen.get(text) }).toEqual({ key, sameAs: undefined });
          seen.set(text, key);
        }
      });
    }
  });
}
