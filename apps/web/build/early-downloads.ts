import path from "node:path";
import type { Plugin } from "vite";
import { EARLY_DOWNLOADS_ADDED, EARLY_DOWNLOADS_ATTRIBUTE } from "../src/lib/early-downloads";
import { patternSource, screenRoutes } from "./screen-routes";

/**
 * A screen's own files are needed as soon as the page starts, not once the entry script has downloaded and
 * run (one round trip and the entry's download later): a small inline script in index.html adds their
 * preload links as soon as the loading screen is painted. A signed-in screen's, with the shell's, only
 * when a session is stored, so the sign-in page's visitors download none of the signed-in screens; a
 * public page's always. The links match what Vite's loader adds later (same URLs, same CORS mode), so
 * nothing is fetched twice. The server allows the script by its hash, worked out from the page.
 *
 * Each screen is found by the module of its page (the route table's), never by a chunk's name: a module of
 * the same name elsewhere (the contract's consultants.ts) makes a chunk of the same name.
 */
/** How many preload links the page adds in one task. */
const LINKS_PER_TASK = 6;

export function earlyDownloads({ shell }: { shell: string }): Plugin {
  const src = path.resolve(import.meta.dirname, "../src");
  return {
    name: "visadesk-early-downloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === "chunk");
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const follow = (fileName: string, into: Set<string>, skip: Set<string>) => {
          if (into.has(fileName) || skip.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) follow(imported, into, skip);
        };
        const loadedByEntry = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) follow(chunk.fileName, loadedByEntry, new Set());
        /** The scripts and stylesheets a module's chunk brings beyond the entry's and `skip`'s. */
        const filesOf = (module: string, skip: Set<string>) => {
          const root = chunks.find((chunk) => chunk.moduleIds.includes(module));
          if (!root) throw new Error(`No chunk holds ${module} to download early`);
          const scripts = new Set<string>();
          follow(root.fileName, scripts, new Set([...loadedByEntry, ...skip]));
          const styles = [...scripts].flatMap((file) => [
            ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
          ]);
          return [...scripts, ...styles].filter((file) => !skip.has(file));
        };
        const shellFiles = filesOf(path.join(src, shell), new Set());
        const screens = screenRoutes(src).map((route) => ({
          pattern: patternSource(route.pattern),
          public: route.public,
          // A signed-in screen's files beyond the shell's; a public one's beyond the entry's.
          own: filesOf(route.page, new Set(route.public ? [] : shellFiles)),
        }));
        // Each file named once; the screens list theirs by number (the page stays small).
        const files = [...new Set([...shellFiles, ...screens.flatMap((screen) => screen.own)])];
        const numbers = (list: readonly string[]) => list.map((file) => files.indexOf(file));
        const script = `
      (() => {
        document.documentElement.setAttribute("${EARLY_DOWNLOADS_ATTRIBUTE}", "adding");
        let signedIn = false;
        try {
          signedIn = localStorage.getItem("access_token") !== null;
        } catch {
          // No storage: no session, and the signed-in screens load as the app renders them.
        }
        const files = ${JSON.stringify(files.map((file) => `/${file}`))};
        const screens = ${JSON.stringify(screens.map((screen) => [screen.pattern, screen.public, numbers(screen.own)]))};
        const [, isPublic, own] = screens.find(([pattern]) => new RegExp(pattern).test(location.pathname)) ?? [];
        const wanted = isPublic ? own : signedIn ? [...${JSON.stringify(numbers(shellFiles))}, ...(own ?? [])] : [];
        // A few links per task: each starts a download, and a screen's forty in one go held a slow
        // phone's main thread for over 100 ms.
        const start = (from) => {
          for (const number of wanted.slice(from, from + ${LINKS_PER_TASK})) {
            const link = document.createElement("link");
            link.href = files[number];
            link.rel = link.href.endsWith(".css") ? "preload" : "modulepreload";
            if (link.rel === "preload") link.as = "style";
            link.crossOrigin = "";
            document.head.append(link);
          }
          if (from + ${LINKS_PER_TASK} < wanted.length) {
            setTimeout(() => start(from + ${LINKS_PER_TASK}));
            return;
          }
          document.documentElement.setAttribute("${EARLY_DOWNLOADS_ATTRIBUTE}", "added");
          dispatchEvent(new Event("${EARLY_DOWNLOADS_ADDED}"));
        };
        // Once the loading screen is painted: until then its stylesheet and the entry's scripts have the
        // connection to themselves.
        requestAnimationFrame(() => setTimeout(() => start(0)));
      })();
    `;
        return html.replace("</head>", `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}
