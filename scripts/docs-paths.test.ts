import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The repository's root: this file lives in scripts/. */
const root = path.resolve(import.meta.dirname, "..");

/**
 * What a build or a run makes and git ignores (the built sites, the bench's results): named by the docs, and
 * absent from a fresh checkout until made.
 */
const IGNORED = fs
  .readFileSync(path.join(root, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim().replace(/\/$/, ""))
  .filter((line) => line && !line.startsWith("#") && !line.startsWith("!") && !/[*?[]/.test(line));
const madeByRuns = (token: string) => {
  const name = token.replace(/\/$/, "");
  // A pattern with a slash is a path from the root; one without names a file or folder anywhere.
  return IGNORED.some((pattern) =>
    pattern.includes("/")
      ? name === pattern.replace(/^\//, "") || name.startsWith(`${pattern.replace(/^\//, "")}/`)
      : name.split("/").includes(pattern),
  );
};

/** The documents whose file paths must name files that exist: the README, docs/*.md and the bench's results. */
function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs.sort(), "bench/RESULTS.md"];
}

/** The folders at the repository's root a path in the documents starts with. */
const topFolders = ["apps/", "packages/", "bench/", "e2e/", "scripts/", "reliability/", "docs/", ".ci/"];

/** `a/b.ext`: a file named by a folder and a name with an extension, with no spaces. */
const fileLike = /^[\w.@-]+(?:\/[\w.@[\]-]+)+\.[a-z]+$/;

/** Whether a backticked token names a file or folder of the repository (and not a command, an address or a glob). */
function looksLikePath(token: string): boolean {
  if (/\s|\*|[{}<>]/.test(token)) return false;
  return topFolders.some((folder) => token.startsWith(folder)) || fileLike.test(token);
}

/** Every backticked path of a document, with the line it is on. */
function pathsIn(text: string): { token: string; line: number }[] {
  const found: { token: string; line: number }[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const token = match[1]!;
    if (!looksLikePath(token)) continue;
    found.push({ token, line: text.slice(0, match.index).split("\n").length });
  }
  return found;
}

/** The anchors GitHub makes of a document's headings. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    anchors.add(slug);
  }
  return anchors;
}

describe("the documents' file paths", () => {
  it("take the paths of a document from its backticks, not its commands, addresses or globs", () => {
    const text = [
      "Kept in `apps/api/src/db/kept-reads.ts` and `db/search.ts`; run `npm run bench -- --quick`.",
      "Not paths: `GET /api/v2/account`, `text/event-stream`, `apps/*/src`, `id desc`.",
    ].join("\n");
    expect(pathsIn(text)).toEqual([
      { token: "apps/api/src/db/kept-reads.ts", line: 1 },
      { token: "db/search.ts", line: 1 },
    ]);
  });

  it("name files and folders that exist, written from the repository's root", () => {
    const missing = documents().flatMap((document) =>
      pathsIn(fs.readFileSync(path.join(root, document), "utf8"))
        .filter(({ token }) => !fs.existsSync(path.join(root, token)) && !madeByRuns(token))
        .map(({ token, line }) => `${document}:${line}: ${token}`),
    );
    expect(missing).toEqual([]);
  });

  it("link to documents and headings that exist", () => {
    const broken = documents().flatMap((document) => {
      const text = fs.readFileSync(path.join(root, document), "utf8");
      return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [file, anchor] = target.split("#");
          const linked = file ? path.join(root, path.dirname(document), file) : path.join(root, document);
          if (!fs.existsSync(linked)) return true;
          return anchor !== undefined && !anchorsOf(fs.readFileSync(linked, "utf8")).has(anchor);
        })
        .map((target) => `${document}: ${target}`);
    });
    expect(broken).toEqual([]);
  });
});
