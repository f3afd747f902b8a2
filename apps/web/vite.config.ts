import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { earlyDownloads } from "./build/early-downloads";
import { endpointAddresses } from "./build/endpoint-addresses";
import { formReadyOnce } from "./build/form-ready-once";
import { MANTINE_USE_ID_MODULE, mantineUseId, mantineUseIdTarget } from "./build/mantine-use-id";
import { scrollAreaRefs } from "./build/scroll-area-refs";

const api = process.env.VITE_DEV_API ?? "http://localhost:8080";

/**
 * The libraries every page runs (React with its DOM renderer, the router, and the parts of Mantine and the
 * others that the entry itself uses) get one long-cached chunk of their own that changes only when they are
 * upgraded: one request instead of three, since the bundler leaves what the entry shares with the screens in
 * a chunk beside it. zod has no group on purpose: only the form pages use it, and a group would make it one
 * chunk that every page importing any of it downloads whole.
 */
const vendorChunks = [
  {
    name: "vendor",
    test: (id: string) =>
      /node_modules\/(react|react-dom|scheduler|react-router|clsx)\//.test(id) ||
      id === MANTINE_USE_ID_MODULE ||
      (id.includes("/node_modules/") && reaches(id, "entry")),
    priority: 40,
  },
];

/**
 * The two screens a visit starts on, sign-in and (after it) the consultant list, each download their part
 * beyond the entry in a few files rather than in one small chunk per shared component: every file costs a
 * request with its headers, and on a slow network a round trip. The signed-in shell is loaded lazily by the
 * router, so /login never downloads the menus, popovers and drawers of the header.
 */
const SCREEN_ROOTS = {
  signIn: ["/src/features/auth/routes/login-page.tsx"],
  shell: ["/src/app/layout/layout.tsx"],
  consultants: ["/src/features/consultants/routes/consultant-list-page.tsx"],
  // The other pages a visitor opens signed out: what they share with the shell or the list (an avatar, an
  // image, a grid) stays out of those two groups, or a visitor creating an account would download the shell.
  otherPublic: [
    "/src/features/auth/routes/register-page.tsx",
    "/src/features/auth/routes/forgot-password-page.tsx",
    "/src/features/auth/routes/reset-password-page.tsx",
  ],
} as const;
type Root = keyof typeof SCREEN_ROOTS | "entry";

/** For every module, which of the roots reach it through static imports (filled in at the end of the build). */
const reachedBy = new Map<string, Set<Root>>();

/** `import { a, b as c } from "x"` and `export { default as a } from "x"`: the names and the specifier. */
const NAMED_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const namesOf = (list: string) =>
  list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("type "));

/**
 * Where a package's index (a "barrel" re-exporting hundreds of modules, as Mantine's and the icons' are)
 * takes each exported name from: a module importing three components from it reaches those three, not all.
 */
function barrelMembers(code: string, resolve: (specifier: string) => string | undefined) {
  const members = new Map<string, string>();
  for (const [, list = "", specifier = ""] of code.matchAll(NAMED_IMPORT)) {
    const target = resolve(specifier);
    if (!target) continue;
    for (const part of namesOf(list)) {
      const exported = part.split(/\s+as\s+/).at(-1) as string;
      members.set(exported, target);
    }
  }
  return members;
}

/** Works out reachedBy from the module graph: from the entry, and from each screen's lazily imported module. */
function screenChunks(): Plugin {
  return {
    name: "visadesk-screen-chunks",
    apply: "build",
    buildEnd() {
      reachedBy.clear();
      const ids = [...this.getModuleIds()];
      const barrels = new Map<string, Map<string, string>>();
      for (const id of ids) {
        const info = this.getModuleInfo(id);
        if (!info?.code || !id.includes("/node_modules/") || info.importedIds.length < 15) continue;
        const dir = path.dirname(id);
        barrels.set(
          id,
          barrelMembers(info.code, (specifier) => {
            // A member the build gives from elsewhere (Mantine's useId) is that module, not the whole barrel.
            const resolved = mantineUseIdTarget(specifier, id) ?? path.resolve(dir, specifier);
            return info.importedIds.find((imported) => imported === resolved);
          }),
        );
      }
      /** What a module really reaches: through a barrel, only the members it names. */
      const next = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        const direct = info.importedIds.filter((imported) => !barrels.has(imported));
        const viaBarrels: string[] = [];
        const usedBarrels = info.importedIds.filter((imported) => barrels.has(imported));
        if (usedBarrels.length === 0) return direct;
        const understood = new Set<string>();
        for (const [, list = "", specifier = ""] of (info.code ?? "").matchAll(NAMED_IMPORT)) {
          if (specifier.startsWith(".")) continue;
          const barrel = usedBarrels.find((candidate) => candidate.includes(`/node_modules/${specifier}/`));
          const members = barrel ? barrels.get(barrel) : undefined;
          if (!barrel || !members) continue;
          const found = namesOf(list).map((part) => members.get(part.split(/\s+as\s+/)[0] as string));
          // A name the barrel takes from elsewhere (export *): all of it is followed below.
          if (found.some((member) => member === undefined)) continue;
          understood.add(barrel);
          viaBarrels.push(...(found as string[]));
        }
        // A barrel used in any other way (a namespace import, export *): all of it, to be safe.
        const whole = usedBarrels.filter((barrel) => !understood.has(barrel));
        return [...direct, ...viaBarrels, ...whole];
      };
      const roots: [Root, string][] = [];
      for (const id of ids) {
        if (this.getModuleInfo(id)?.isEntry) roots.push(["entry", id]);
        for (const [root, suffixes] of Object.entries(SCREEN_ROOTS) as [Root, readonly string[]][]) {
          if (suffixes.some((suffix) => id.endsWith(suffix))) roots.push([root, id]);
        }
      }
      for (const [root, start] of roots) {
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          const seen = reachedBy.get(id) ?? new Set<Root>();
          if (seen.has(root)) continue;
          seen.add(root);
          reachedBy.set(id, seen);
          stack.push(...next(id));
        }
      }
    },
  };
}

const reaches = (id: string, root: Root) => reachedBy.get(id)?.has(root) === true;
const notInEntry = (id: string) => !reaches(id, "entry");
const screenGroups = [
  // What both first screens use (buttons, inputs, alerts, transitions): one chunk loaded by both.
  {
    name: "common",
    priority: 20,
    test: (id: string) =>
      notInEntry(id) && reaches(id, "signIn") && (reaches(id, "shell") || reaches(id, "consultants")),
  },
  // The rest of sign-in: the page, its form library and its second step.
  { name: "sign-in", priority: 15, test: (id: string) => notInEntry(id) && reaches(id, "signIn") },
  // What the other public pages share with the shell or the list: one chunk both download, not the shell.
  {
    name: "public-shared",
    priority: 12,
    test: (id: string) =>
      notInEntry(id) && reaches(id, "otherPublic") && (reaches(id, "shell") || reaches(id, "consultants")),
  },
  // The signed-in shell: header menus, sidebar, side panel, and what they share with the pages.
  {
    name: "shell",
    priority: 10,
    test: (id: string) => notInEntry(id) && reaches(id, "shell"),
  },
  // The consultant list with the list components the other list screens share.
  {
    name: "consultants",
    priority: 5,
    test: (id: string) => notInEntry(id) && reaches(id, "consultants"),
  },
];

export default defineConfig({
  plugins: [
    endpointAddresses(),
    scrollAreaRefs(),
    mantineUseId(),
    formReadyOnce(),
    react(),
    screenChunks(),
    earlyDownloads({ shell: "app/layout/layout.tsx" }),
    // A .br and a .gz (both at their best level) beside every script, stylesheet and SVG, sent as they
    // are by the server. index.html is left out: the server fills in its nonce on every answer.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|mjs|css|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  // `@/` is apps/web/src, as in tsconfig.json: imports say where a module lives, not how far up it is.
  resolve: { alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, "src")}/` }] },
  server: { proxy: { "/api": api, "/files": api } },
  // The server puts a fresh nonce here in every index.html it sends, and allows styles with it in its CSP.
  html: { cspNonce: "__CSP_NONCE__" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    // Every browser the app supports preloads modules itself: the polyfill would be dead weight on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: [...vendorChunks, ...screenGroups] },
      },
    },
  },
});
