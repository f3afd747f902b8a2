import { randomBytes } from "node:crypto";
import compress from "@fastify/compress";
import { fastifyRequestContext } from "@fastify/request-context";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Config, linkOrigin } from "./config";
import type { Db } from "./db/database";
import type { AppDeps } from "./deps";
import { createBackgroundTasks } from "./lib/background";
import { type Clock, systemClock } from "./lib/clock";
import { useExportSlots } from "./lib/export-slots";
import { requestLogSerializer } from "./lib/log-redaction";
import { createMailer, type Mailer } from "./lib/mailer";
import { cappedMailer } from "./lib/recipient-mail-cap";
import { requestIdGenerator } from "./lib/request-id";
import { accountRoutes } from "./modules/account/routes";
import { createAccountService } from "./modules/account/service";
import { appointmentRoutes } from "./modules/appointments/routes";
import { createAppointmentService } from "./modules/appointments/service";
import { auditRoutes } from "./modules/audit/routes";
import { createAuditService, requestAuditContext } from "./modules/audit/service";
import { createMfaDeps } from "./modules/auth/mfa/mfa-deps";
import { mfaAccountRoutes, mfaConnectRoutes, reauthenticateRoute } from "./modules/auth/mfa/routes";
import { authRoutes } from "./modules/auth/routes";
import { createAuthService } from "./modules/auth/service";
import { createTokenService, loadTokenSecret } from "./modules/auth/tokens";
import { consultantRoutes } from "./modules/consultants/routes";
import { createConsultantService } from "./modules/consultants/service";
import { customerApi } from "./modules/customer-api";
import { createCustomerDirectoryService } from "./modules/customer-directory/service";
import { customerSite, isCustomerSitePath } from "./modules/customer-site/routes";
import { createOverviewService } from "./modules/dashboard/overview";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { createDashboardService } from "./modules/dashboard/service";
import { fileRoutes } from "./modules/files/routes";
import { createFileService } from "./modules/files/service";
import { healthRoutes } from "./modules/health/routes";
import { createLiveFeed } from "./modules/live/feed";
import { liveRoutes } from "./modules/live/routes";
import { noteRoutes } from "./modules/notes/routes";
import { createNoteService } from "./modules/notes/service";
import { notificationRoutes } from "./modules/notifications/routes";
import { createNotificationService } from "./modules/notifications/service";
import { schedulingRoutes } from "./modules/scheduling/routes";
import { createSchedulingService } from "./modules/scheduling/service";
import { searchRoutes } from "./modules/search/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { taskRoutes } from "./modules/tasks/routes";
import { createTaskService } from "./modules/tasks/service";
import { userRoutes } from "./modules/users/routes";
import { createUserService } from "./modules/users/service";
import { apiDocsOptions, apiDocsUiOptions, recordRouteForDocs } from "./plugins/api-docs";
import { authPlugin } from "./plugins/auth";
import { serveBuiltFiles } from "./plugins/built-files";
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler, MAX_PARAM_LENGTH } from "./plugins/errors";
import { inputGuardPlugin } from "./plugins/input-guard";
import { liveStreamSlots } from "./plugins/live-stream-slots";
import { contentSecurityPolicy, inlineScriptHashes, securityPlugin } from "./plugins/security";
import { uploadsPlugin } from "./plugins/uploads";

export interface BuildAppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Tests pass a mailer that keeps the mails; by default SMTP_URL or the server log. */
  mailer?: Mailer;
  /** Mail the automatic appointment reminders on an interval (server.ts); tests run its rounds themselves. */
  reminderWorker?: boolean;
  /**
   * Serve the built back-office and customer site, each with its SPA fallback (server.ts); tests of the
   * API leave it off.
   */
  serveWeb?: boolean;
  /** Where the log goes (default stdout): tests read what the server logged. */
  logStream?: { write(line: string): void };
  /** Called for every route as it is added: the fuzz tests walk them all, including ones added later. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server without listening: server.ts listens, tests call app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            // Logged URLs keep no secret query parameter (a reset link's token, say).
            serializers: { req: requestLogSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    // What the HTTP parser refuses answers in our shape and headers (it never reaches the hooks).
    clientErrorHandler,
    // A request must arrive whole within requestTimeout (its headers too), or it gets 408 and is closed; an
    // idle connection closes after connectionTimeout. Node checks pending requests every interval.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, config.requestTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (config.trustProxy === false) warnOfUntrustedProxy(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook("onRoute", options.onRoute);

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  const files = createFileService(db, clock);
  if (!options.mailer && !config.smtpUrl && db.dialect === "postgres") {
    // An instance cannot know of the others: each would write the mails it sends to its own disk.
    app.log.warn(
      "SMTP_URL is not set on PostgreSQL: every instance writes the mails it sends into its own outbox folder, so with several instances mails are scattered over their disks. Replicas need SMTP_URL.",
    );
  }
  const deps: AppDeps = { config, db, clock, mailer, files };
  useExportSlots(app, db);
  db.onConnectionError((error) => app.log.warn({ err: error }, "database connection lost"));
  const serverSecret = loadTokenSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(serverSecret, clock);

  await app.register(errorsPlugin);
  // Each request's audit context (who, request id, address) reaches the services that record changes.
  await app.register(fastifyRequestContext, { defaultStoreValues: requestAuditContext });
  // JSON, CSV and other text answers of 1 KB or more go out in brotli or gzip when the client accepts one
  // (brotli at the plugin's quality 4: 11 costs far more CPU per request for a few percent). Request
  // bodies are never inflated: a small compressed body could otherwise grow past every size check.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], globalDecompression: false });
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { db });
  await app.register(uploadsPlugin);
  await app.register(authPlugin, { db, tokens, clock, requireMfa: config.requireMfa });
  app.addHook("onRoute", recordRouteForDocs);
  await app.register(swagger, apiDocsOptions);
  await app.register(swaggerUi, apiDocsUiOptions);

  await app.register(healthRoutes(db));
  const background = createBackgroundTasks(app.log);
  // Closing waits for mails still on their way (graceful shutdown, tests).
  app.addHook("onClose", () => background.settled());
  const authService = createAuthService({
    ...deps,
    // Registration's and forgot password's mails go to whatever address is typed: at most
    // MAIL_PER_RECIPIENT_PER_HOUR of them reach one address in an hour, as the customer API's.
    mailer: cappedMailer({ mailer, db: db.kysely, clock, perHour: config.mailPerRecipientPerHour }),
    tokens,
    background,
    tokenTtlMinutes: config.tokenTtlMinutes,
    companyName: config.companyName,
    customerSiteBase: config.customerSiteBase,
    requireMfa: config.requireMfa,
  });
  await app.register(authRoutes(authService, { ...config, linkOrigin: linkOrigin(config) }));
  // Passkeys belong to the configured origin (PUBLIC_URL or the local address), never a request's Host.
  const mfa = createMfaDeps({
    db,
    clock,
    serverSecret,
    relyingParty: { origin: linkOrigin(config), name: config.companyName },
    requireMfa: config.requireMfa,
    auth: authService,
  });
  await app.register(mfaConnectRoutes(mfa, config));
  await app.register(mfaAccountRoutes(mfa, { issuer: config.companyName }));
  await app.register(reauthenticateRoute(mfa));
  const tasks = createTaskService(deps);
  await app.register(
    dashboardRoutes(
      createDashboardService({ db, clock, businessTimeZone: config.businessTimeZone }),
      createOverviewService({ db, clock, businessTimeZone: config.businessTimeZone, tasks }),
    ),
  );
  const consultants = createConsultantService(deps);
  await app.register(consultantRoutes(consultants));
  await app.register(schedulingRoutes(createSchedulingService(deps)));
  const users = createUserService(deps);
  await app.register(userRoutes(users, config));
  await app.register(accountRoutes(createAccountService(deps)));
  const appointments = createAppointmentService(deps);
  await app.register(searchRoutes({ consultants, users, appointments }));
  await app.register(appointmentRoutes(appointments));
  if (options.reminderWorker) {
    const reminders = appointments.reminderWorker(app.log);
    app.addHook("onReady", async () => reminders.start());
    // Closing (graceful shutdown) waits for the round under way, so no reminder is left half sent.
    app.addHook("onClose", () => reminders.stop());
  }
  await app.register(fileRoutes(files));
  await app.register(auditRoutes(createAuditService(deps)));
  await app.register(noteRoutes(createNoteService(deps)));
  await app.register(settingsRoutes(config));
  await app.register(taskRoutes(tasks));
  await app.register(notificationRoutes(createNotificationService(deps)));
  const liveSlots = liveStreamSlots(db, {
    lifetimeMs: config.liveStreamMs,
    perSession: config.liveStreamsPerSession,
    perAccount: config.liveStreamsPerAccount,
  });
  const liveFeed = createLiveFeed(deps);
  await app.register(liveRoutes(liveFeed, config, liveSlots));
  // The customer side: its own tokens, routes and API document (modules/customer-api.ts).
  await app.register(
    customerApi({
      deps,
      serverSecret,
      background,
      appointments,
      staffAuth: authService,
      live: { feed: liveFeed, slots: liveSlots },
    }),
  );

  // The customer site first: its paths are its own, never the back-office's pages.
  if (options.serveWeb) {
    await app.register(customerSite({ config, directory: createCustomerDirectoryService(deps) }));
  }
  const indexHtml = options.serveWeb ? await serveWebApp(app, config.webDist) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const page = request.method === "GET" || request.method === "HEAD";
    const backOfficePage =
      !path.startsWith("/api/") &&
      !path.startsWith("/files/") &&
      !isCustomerSitePath(config.customerSiteBase, path);
    if (indexHtml && page && backOfficePage) {
      return sendIndexHtml(reply, indexHtml);
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${path}` });
  });
  return app;
}

/**
 * With TRUST_PROXY unset, a request forwarded by a proxy counts as the proxy's address: every client behind
 * it shares one sign-in limit. Said once, at the first such request, so the operator can set TRUST_PROXY.
 */
function warnOfUntrustedProxy(app: FastifyInstance) {
  let warned = false;
  app.addHook("onRequest", (request, _reply, done) => {
    if (!warned && request.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      app.log.warn(
        "A request came with X-Forwarded-For, but TRUST_PROXY is not set: every client behind that proxy shares " +
          "its address, so one client's failed sign-ins lock an account for all of them. Set TRUST_PROXY to the proxy's address.",
      );
    }
    done();
  });
}

/** Fastify trusts a hop count as a number too, but its typings lack it: the same rule as a function. */
function trustProxyOption(trustProxy: Config["trustProxy"]) {
  if (typeof trustProxy !== "number") return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** What the web build writes where each answer's CSP nonce goes (apps/web/vite.config.ts, html.cspNonce). */
const CSP_NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * index.html with a fresh nonce, which its CSP allows for <style> elements: Mantine reads it from the page
 * and puts it on the styles it injects, so the policy needs no 'unsafe-inline'. Its inline scripts (the
 * colour scheme set before the first paint) are allowed by their hashes, and nothing else inline is.
 */
function sendIndexHtml(reply: FastifyReply, indexHtml: string) {
  const nonce = randomBytes(16).toString("base64");
  return reply
    .header("content-security-policy", contentSecurityPolicy(nonce, inlineScriptHashes(indexHtml)))
    .header("cache-control", "no-cache")
    .type("text/html; charset=utf-8")
    .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
}

/**
 * The built back-office: assets from the folder, and index.html (read once) for / and every other non-API
 * path, so client routes survive a reload. Undefined when there is no build.
 */
function serveWebApp(app: FastifyInstance, webDist: string): Promise<string | undefined> {
  return serveBuiltFiles(app, {
    root: webDist,
    prefix: "/",
    name: "web app",
    buildHint: "run `npm run build` (npm start does it).",
  });
}
