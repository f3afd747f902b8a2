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

const english = texts(en);
const urdu = texts(ur);

describe("the customer mails' catalogues", () => {
  it("give Urdu every English key, and no other", () => {
    expect([...urdu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("give each Urdu text exactly the {{variables}} of its English text", () => {
    for (const [key, text] of english) {
      expect({ key, variables: variables(urdu.get(key) ?? "") }).toEqual({ key, variables: variables(text) });
    }
  });

  it("write every Urdu text in Urdu script", () => {
    for (const [key, text] of urdu) {
      expect({ key, urdu: /[\u0600-\u06ff]/.test(text.replaceAll(/{{[^}]*}}/g, "")) }).toEqual({
        key,
        urdu: true,
      });
    }
  });
});
