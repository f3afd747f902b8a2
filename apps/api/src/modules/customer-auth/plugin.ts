import { CUSTOMER_LANGUAGES, type CustomerLanguage } from "@visadesk/contract/customer-auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "#api/db/database";
import type { Clock } from "#api/lib/clock";
import { Unauthorized } from "#api/lib/errors";
import type { SignedInCustomer } from "./customer";
import * as repo from "./repository";
import type { CustomerTokens } from "./tokens";

declare module "fastify" {
  interface FastifyRequest {
    customer: SignedInCustomer | null;
  }
  interface FastifyContextConfig {
    /**
     * On a public route: a valid customer access token, when one is sent, makes `request.customer`
     * that customer; without one, or with one no longer valid, the call is answered anonymously.
     */
    customerOptional?: boolean;
  }
}

/** A session's last use is written at most once a minute, so a request costs one read. */
const TOUCH_INTERVAL_MS = 60_000;

const languageOf = (value: string | null): CustomerLanguage =>
  CUSTOMER_LANGUAGES.find((language) => language === value) ?? "en";

/** The signed-in customer of a route declared `auth: "customer"` (the hook has refused anyone else). */
export function signedInCustomer(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw new Unauthorized();
  return request.customer;
}

/**
 * The check of every customer route: a customer access token (its own key and audience) of a device that is
 * still signed in, of an active app user. Anything else is 401, one message for all.
 */
export const customerAuthPlugin = fp(
  async (
    app: FastifyInstance,
    deps: { db: Db; tokens: CustomerTokens; clock: Clock; businessTimeZone: string },
  ) => {
    app.decorateRequest("customer", null);
    app.addHook("onRequest", async (request) => {
      const config = request.routeOptions.config;
      if (config?.auth === "public" && config.customerOptional) {
        request.customer = await customerOf(request).catch(() => null);
        return;
      }
      if (config?.auth !== "customer") return;
      request.customer = await customerOf(request);
    });

    /** The customer whose access token the request carries; 401 for anything else. */
    async function customerOf(request: FastifyRequest): Promise<SignedInCustomer> {
      const header = request.headers.authorization;
      const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
      if (!token) throw new Unauthorized();
      const sessionId = await deps.tokens.verify(token);
      const now = deps.clock.now();
      const row = sessionId
        ? await repo.findLiveSession(deps.db.kysely, sessionId, now.toISOString())
        : undefined;
      if (!row) throw new Unauthorized();
      if (now.getTime() - Date.parse(row.lastUsedAt) >= TOUCH_INTERVAL_MS) {
        await repo.touchSession(deps.db.kysely, row.sessionId, now.toISOString());
      }
      return {
        id: row.id,
        guidId: row.guidId,
        userName: row.userName,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        timeZone: row.timeZone ?? deps.businessTimeZone,
        language: languageOf(row.language),
        emailVerified: row.emailVerifiedAt !== null,
        cnicVerified: row.cnicVerification === "verified",
        sessionId: row.sessionId,
      };
    }
  },
);
