import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { en } from "../src/i18n/en";
import { LANGUAGE_KEY } from "../src/i18n/locales";
import { ur } from "../src/i18n/ur";

const here = import.meta.dirname;
const read = (file: string) => fs.readFileSync(path.join(here, file), "utf8");
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Writes the service worker (sw.js) and the offline page into the build: the page's texts from the site's
 * catalogues, and the worker's list of files to keep (the entry's scripts and styles, the offline page,
 * the icon) and its version, a hash of all of them, so each deploy that changes anything installs a new one.
 */
export function serviceWorker(base: string): Plugin {
  return {
    name: "visadesk-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const offlineHtml = read("offline.html")
        .replaceAll("__BASE__", base)
        .replaceAll("__TITLE_EN__", escapeHtml(en.offline.title))
        .replaceAll("__TEXT_EN__", escapeHtml(en.offline.text))
        .replaceAll("__RETRY_EN__", escapeHtml(en.app.retry))
        .replaceAll("__TITLE_UR__", escapeHtml(ur.offline.title))
        .replaceAll("__TEXT_UR__", escapeHtml(ur.offline.text))
        .replaceAll("__RETRY_UR__", escapeHtml(ur.app.retry));
      const offlineFiles: Record<string, string> = {
        "offline.html": offlineHtml,
        "offline.css": read("offline.css"),
        "offline.js": read("offline.js").replace("__LANGUAGE_KEY__", LANGUAGE_KEY),
      };
      for (const [fileName, source] of Object.entries(offlineFiles)) {
        this.emitFile({ type: "asset", fileName, source });
      }

      // The shell: the entry chunk, the chunks it imports at once and their stylesheets (pages loaded on
      // demand are fetched when visited, as without a worker).
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        const output = bundle[fileName];
        if (!output || shell.has(fileName)) return;
        shell.add(fileName);
        if (output.type !== "chunk") return;
        for (const css of output.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const imported of output.imports) visit(imported);
      };
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && output.isEntry) visit(output.fileName);
      }
      const files = [...shell].sort().concat(Object.keys(offlineFiles), "icon.svg");
      const template = read("sw.js");
      const version = createHash("sha256")
        .update(template)
        .update(files.join("\n"))
        .update(Object.values(offlineFiles).join("\n"))
        .digest("hex")
        .slice(0, 16);
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: template.replace("__VERSION__", version).replace("__PRECACHE__", JSON.stringify(files)),
      });
    },
  };
}
