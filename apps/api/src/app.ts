import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Db } from "./db/database";
import type { AppDeps } from "./deps";
import { type Clock, systemClock } from "./lib/clock";
import { createMailer, type Mailer } from "./lib/mailer";
import { serializerCompiler } from "./lib/response-serializer";
import { appointmentRoutes } from "./modules/appointments/routes";
import { createAppointmentService } from "./modules/appointments/service";
import { authRoutes } from "./modules/auth/routes";
import { createAuthService } from "./modules/auth/service";
import { createTokenService, loadTokenSecret } from "./modules/auth/tokens";
import { consultantRoutes } from "./modules/consultants/routes";
import { createConsultantService } from "./modules/consultants/service";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { createDashboardService } from "./modules/dashboard/service";
import { fileRoutes } from "./modules/files/routes";
import { createFileService } from "./modules/files/service";
import { settingsRoutes } from "./modules/settings/routes";
import { userRoutes } from "./modules/users/routes";
import { createUserService } from "./modules/users/service";
import { authPlugin } from "./plugins/auth";
import { errorsPlugin } from "./plugins/errors";
import { securityPlugin } from "./plugins/security";
import { uploadsPlugin } from "./plugins/uploads";

export interface BuildAppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Tests pass a mailer that keeps the mails; by default SMTP_URL or the server log. */
  mailer?: Mailer;
  /** Serve the built web app with an SPA fallback (server.ts); tests of the API leave it off. */
  serveWeb?: boolean;
}

/** Builds the whole server without listening: server.ts listens, tests call app.inject() (house style 6). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const files = createFileService(db);
  const deps: AppDeps = { config, db, clock, mailer, files };
  const tokens = createTokenService(loadTokenSecret(config.jwtSecret, config.dataDir), clock);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { db });
  await app.register(uploadsPlugin);
  await app.register(authPlugin, { db, tokens, clock });
  await app.register(swagger, {
    openapi: {
      info: { title: "VisaDesk API", version: "2.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list" },
  });

  // A constant answer with no auth and no database: the baseline of the throughput benchmark.
  app.get("/api/health", { config: { auth: "public" }, schema: { hide: true } }, async () => ({
    status: "ok",
  }));

  const authService = createAuthService({ ...deps, tokens, tokenTtlMinutes: config.tokenTtlMinutes });
  await app.register(authRoutes(authService, config), { prefix: "/api/v2/connect" });
  await app.register(
    dashboardRoutes(createDashboardService({ db, clock, businessTimeZone: config.businessTimeZone })),
    { prefix: "/api/v2/Dashboard" },
  );
  await app.register(consultantRoutes(createConsultantService(deps)), { prefix: "/api/v2/Consultants" });
  await app.register(userRoutes(createUserService(deps)), { prefix: "/api/v2/User" });
  await app.register(appointmentRoutes(createAppointmentService(deps)), {
    prefix: "/api/v2/userAppointment",
  });
  await app.register(fileRoutes(files));
  await app.register(settingsRoutes(config), { prefix: "/api/v2/settings" });

  const webServed = options.serveWeb ? await serveWebApp(app, config.webDist) : false;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (webServed && request.method === "GET" && !path.startsWith("/api/") && !path.startsWith("/files/")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${path}` });
  });
  return app;
}

/** The built single-page app, with index.html for every non-API path so client routes survive a reload. */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(`${webDist}/index.html`)) {
    app.log.warn(`No built web app at ${webDist}: run \`npm run build\` (npm start does it).`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    setHeaders(reply, filePath) {
      // Vite puts a content hash in every asset name; index.html must always be fresh.
      reply.header(
        "cache-control",
        filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return true;
}
