import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { linkOrigin } from "#api/config";
import type { AppDeps } from "#api/deps";
import type { BackgroundTasks } from "#api/lib/background";
import { languageOfAcceptLanguage, translateAnswer } from "#api/lib/customer-answer-i18n";
import { cappedMailer } from "#api/lib/recipient-mail-cap";
import { CUSTOMER_API_DOCS_NAME, customerApiDocsOptions } from "#api/plugins/api-docs";
import type { LiveStreamSlots } from "#api/plugins/live-stream-slots";
import type { AppointmentService } from "./appointments/service";
import type { AuthService } from "./auth/service";
import { createCustomerAccountService } from "./customer-auth/account";
import { customerCnicRoute } from "./customer-auth/cnic";
import { createErasure } from "./customer-auth/erasure";
import { customerAuthPlugin } from "./customer-auth/plugin";
import { customerAuthRoutes } from "./customer-auth/routes";
import { createCustomerAuthService } from "./customer-auth/service";
import { createSignUpSweeper } from "./customer-auth/sign-up-sweeper";
import { createCustomerTokens } from "./customer-auth/tokens";
import { customerBookingRoutes } from "./customer-bookings/routes";
import { createCustomerBookingService } from "./customer-bookings/service";
import { customerDirectoryRoutes } from "./customer-directory/routes";
import { createCustomerDirectoryService } from "./customer-directory/service";
import { createCustomerFeed } from "./live/customer-feed";
import { customerLiveRoutes } from "./live/customer-routes";
import type { LiveFeed } from "./live/feed";

declare module "fastify" {
  interface FastifyInstance {
    /** The customer API's OpenAPI document. */
    customerSwagger: () => unknown;
  }
}

/**
 * The customer API under /api/customer/v1, in a scope of its own: its token check and its API document see
 * only its routes. The back-office's plugins (errors, limits, security headers, the input guard) apply as
 * everywhere.
 */
export function customerApi(options: {
  deps: AppDeps;
  serverSecret: string;
  background: BackgroundTasks;
  appointments: AppointmentService;
  staffAuth: AuthService;
  /** The process's live feed and its count of open streams, shared with the back-office's stream. */
  live: { feed: LiveFeed; slots: LiveStreamSlots };
}) {
  const { deps, serverSecret, background } = options;
  const { config } = deps;
  return async (app: FastifyInstance) => {
    const tokens = createCustomerTokens(serverSecret, deps.clock);
    await app.register(swagger, customerApiDocsOptions);
    await app.register(customerAuthPlugin, {
      db: deps.db,
      tokens,
      clock: deps.clock,
      businessTimeZone: config.businessTimeZone,
    });
    // Every answer's texts in the reader's language: the signed-in customer's own, else the one the request
    // asks for (an anonymous visitor signing up), else English.
    app.addHook("preSerialization", async (request, reply, payload) => {
      if (!payload || typeof payload !== "object" || !("message" in payload || "fieldErrors" in payload)) {
        return payload;
      }
      const vary = reply.getHeader("vary");
      reply.header("vary", vary ? `${String(vary)}, Accept-Language` : "Accept-Language");
      const language =
        request.customer?.language ?? languageOfAcceptLanguage(request.headers["accept-language"]);
      return translateAnswer(payload, language, (text) =>
        request.log.warn({ text, language }, "customer answer text missing from the catalogue"),
      );
    });
    // Sign-up, a new code and a reset are mailed to whatever address is typed: at most
    // MAIL_PER_RECIPIENT_PER_HOUR of them reach one address in an hour.
    const strangersMailer = cappedMailer({
      mailer: deps.mailer,
      db: deps.db.kysely,
      clock: deps.clock,
      perHour: config.mailPerRecipientPerHour,
      onCapped: () => app.log.warn("a mail past its recipient's hourly cap was not sent"),
    });
    const auth = createCustomerAuthService({
      db: deps.db,
      clock: deps.clock,
      mailer: strangersMailer,
      background,
      tokens,
      companyName: config.companyName,
      linkOrigin: linkOrigin(config),
      customerSiteBase: config.customerSiteBase,
      businessTimeZone: config.businessTimeZone,
      signUpExpiryHours: config.signUpExpiryHours,
      verifyCodeDailyTries: config.verifyCodeDailyTries,
    });
    const sweeper = createSignUpSweeper({ db: deps.db.kysely, clock: deps.clock, log: app.log });
    sweeper.start();
    app.addHook("onClose", () => sweeper.stop());
    const account = createCustomerAccountService({
      db: deps.db,
      clock: deps.clock,
      mailer: strangersMailer,
      background,
      companyName: config.companyName,
      linkOrigin: linkOrigin(config),
      customerSiteBase: config.customerSiteBase,
      staffAuth: options.staffAuth,
      files: deps.files,
    });
    await app.register(customerAuthRoutes(auth, account, createErasure(deps), config));
    await app.register(customerCnicRoute(deps));
    await app.register(customerDirectoryRoutes(createCustomerDirectoryService(deps)));
    await app.register(customerBookingRoutes(createCustomerBookingService(deps, options.appointments)));
    await app.register(
      customerLiveRoutes(createCustomerFeed(options.live.feed, deps.db), {
        db: deps.db,
        clock: deps.clock,
        config,
        slots: options.live.slots,
      }),
    );

    app.get("/api/customer/docs/json", { config: { auth: "public" }, schema: { hide: true } }, async () =>
      app.customerSwagger(),
    );
    app.get("/api/customer/docs", { config: { auth: "public" }, schema: { hide: true } }, (_request, reply) =>
      reply.redirect(
        `/api/docs/static/index.html?urls.primaryName=${encodeURIComponent(CUSTOMER_API_DOCS_NAME)}`,
      ),
    );
  };
}
