import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Config, linkOrigin } from "#api/config";
import { NotFound } from "#api/lib/errors";
import { serveBuiltFiles } from "#api/plugins/built-files";
import { CUSTOMER_SITE_POLICY } from "#api/plugins/security";
import type { CustomerDirectoryService } from "../customer-directory/service";
import { APP_META_SLOT, profilePage, withFirstPaint } from "./page";
import { LOCALES, profileBody, readerLanguage } from "./profile-body";

/** Whether a path is the customer site's: the back-office's page fallback leaves those alone. */
export const isCustomerSitePath = (base: string, path: string) =>
  path === base || path.startsWith(`${base}/`);

/** A consultant's profile page, by the rest of its path after the base. */
const PROFILE = /^consultants\/([^/]+)\/?$/;
/** The shape of a guidId: any other id is not found without a query. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The module of the profile page in the site's build manifest. */
const PROFILE_MODULE = "src/features/consultant/consultant-page.tsx";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The profile page's own script chunks, as preload links, and its stylesheets: without them the browser
 * finds them only after the entry script has run, a round trip later. The stylesheets apply at once (the
 * page comes painted by the server: not styled, it would change when the site takes over); the site's
 * loader finds them already there. Empty when the build has no manifest.
 */
export function profilePreloads(dist: string, base: string, indexHtml: string): string {
  const file = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(file)) return "";
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // What index.html already loads or preloads needs no second link.
    if (!chunk || scripts.has(chunk.file) || indexHtml.includes(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(PROFILE_MODULE);
  // crossorigin as the build's own loader asks for them, so the preloaded copy is the one used.
  return [
    ...[...scripts].map((script) => `<link rel="modulepreload" crossorigin href="${base}/${script}">`),
    ...[...styles].map((css) => `<link rel="stylesheet" crossorigin href="${base}/${css}">`),
  ].join("");
}

/**
 * The customer site (apps/book) under CUSTOMER_SITE_BASE: its built files, and index.html for every other
 * GET under the base, so its client routes survive a reload. A public consultant's profile gets its own
 * title, description and link-preview tags, so a shared link shows who it leads to. Nothing is served
 * without a build (the server's 404 answers instead).
 */
export function customerSite(options: {
  config: Pick<Config, "customerSiteDist" | "customerSiteBase" | "publicUrl" | "port">;
  directory: Pick<CustomerDirectoryService, "get">;
}) {
  const { config, directory } = options;
  const base = config.customerSiteBase;
  return async (app: FastifyInstance) => {
    const indexHtml = await serveBuiltFiles(app, {
      root: config.customerSiteDist,
      prefix: `${base}/`,
      name: "customer site",
      buildHint: "run `npm run build -w @visadesk/book`.",
      // The back-office's build decorates the reply already.
      decorateReply: false,
      documentPolicy: CUSTOMER_SITE_POLICY,
      serviceWorker: "sw.js",
    });
    if (!indexHtml) return;
    if (!indexHtml.includes(APP_META_SLOT)) {
      app.log.warn(
        `The customer site's index.html has no ${APP_META_SLOT}: profile pages get their tags before </head>.`,
      );
    }

    const html = indexHtml;
    const preloads = profilePreloads(config.customerSiteDist, base, indexHtml);
    const sendPage = (reply: FastifyReply, page: string, status = 200) =>
      reply
        .status(status)
        .header("content-security-policy", CUSTOMER_SITE_POLICY)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(page);

    async function answerPage(request: FastifyRequest, reply: FastifyReply) {
      const rest = (request.params as { "*"?: string })["*"] ?? "";
      // A missing asset (an old build's script, say) is a 404, not a page the browser would refuse to run.
      if (rest.startsWith("assets/")) return reply.callNotFound();
      const guidId = PROFILE.exec(rest)?.[1];
      if (guidId === undefined) return sendPage(reply, html);
      // The site shows its own not-found page; the status tells crawlers and previews.
      if (!GUID.test(guidId)) return sendPage(reply, html, 404);
      let consultant: Awaited<ReturnType<typeof directory.get>> | undefined;
      try {
        consultant = await directory.get(guidId);
      } catch (error) {
        if (error instanceof NotFound) return sendPage(reply, html, 404);
        // The page without its tags: the site then asks the API itself, and shows what that answers.
        request.log.error({ err: error }, "customer site: the consultant's profile could not be read");
        return sendPage(reply, html, 503);
      }
      // The address the request came to (X-Forwarded-Proto/-Host only from TRUST_PROXY's proxies).
      const origin = request.host ? `${request.protocol}://${request.host}` : linkOrigin(config);
      const pageUrl = `${origin}${base}/consultants/${consultant.guidId}`;
      const language = readerLanguage(request.headers);
      const page = withFirstPaint(profilePage(html, consultant, { origin, pageUrl }), {
        body: profileBody(consultant, language, base),
        data: consultant,
        lang: LOCALES[language].locale,
        dir: LOCALES[language].dir,
      });
      return sendPage(reply, preloads ? page.replace(/<\/head>/i, () => `${preloads}</head>`) : page);
    }

    const routeOptions = { config: { auth: "public" as const }, schema: { hide: true } };
    app.get(base, routeOptions, answerPage);
    app.get(`${base}/*`, routeOptions, answerPage);
  };
}
