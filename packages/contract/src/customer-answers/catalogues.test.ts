import { describe, expect, it } from "vitest";
import { en } from "./en";
import { ur } from "./ur";

type Tree = { readonly [key: string]: string | Tree };

/** Every text of a catalogue by its dotted key. */
function texts(tree: Tree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") found.set(`${prefix}${key}`, value);
    else for (const [inner, text] of texts(value, `${prefix}${key}.`)) found.set(inner, text);
  }
  return found;
}

const variables = (text: string) => [...text.matchAll(/{{\s*([^}]+?)\s*}}/g)].map((match) => match[1]).sort();
/** The figures a text states outside its variables: a limit, a format's example. */
const figures = (text: string) => text.replaceAll(/{{[^}]*}}/g, "").match(/\d[\d,.:-]*\d|\d/g) ?? [];

const english = texts(en);
const urdu = texts(ur);

describe("the customer API's answer catalogues", () => {
  it("give Urdu every English key, and no other", () => {
    expect([...urdu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("give each Urdu text exactly the {{variables}} of its English text", () => {
    for (const [key, text] of english) {
      expect({ key, variables: variables(urdu.get(key) ?? "") }).toEqual({ key, variables: variables(text) });
    }
  });

  it("write every Urdu text in Urdu script, stating each figure the English one states", () => {
    for (const [key, text] of urdu) {
      expect({ key, urdu: /[\u0600-\u06ff]/.test(text.replaceAll(/{{[^}]*}}/g, "")) }).toEqual({
        key,
        urdu: true,
      });
      for (const figure of figures(english.get(key) ?? ""))
        expect({ key, text }).toEqual({ key, text: expect.stringContaining(figure) });
    }
  });

  it("hold each English text once, so a text the server sends names one key", () => {
    const seen = new Map<string, string>();
    for (const [key, text] of english) {
      expect({ key, sameAs: seen.get(text) }).toEqual({ key, sameAs: undefined });
      seen.set(text, key);
    }
  });
});
