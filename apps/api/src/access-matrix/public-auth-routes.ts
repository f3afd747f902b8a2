import { randomUUID } from "node:crypto";
import { type Entry, form, madeUpPasskeyAnswer, next, t } from "./context";

/** The public routes and the back-office sign-in (health, public settings, connect/*): each route, who may call it, and a call of it. */
export function publicAndAuthRoutes(): Record<string, Entry> {
  return {
    "GET /api/health": {
      access: "public",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/health", headers }),
    },
    "GET /api/health/live": {
      access: "public",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/health/live", headers }),
    },
    "GET /api/v2/settings/public": {
      access: "public",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/settings/public", headers }),
    },
    "POST /api/v2/connect/verify-login": {
      access: "public",
      ok: 200,
      request: async (headers) => {
        const account = await t.createAccount({ role: "Staff" });
        return {
          method: "POST",
          url: "/api/v2/connect/verify-login",
          headers,
          payload: { email: account.email, password: account.password },
        };
      },
    },
    "POST /api/v2/connect/register": {
      access: "public",
      ok: 201,
      request: (headers) => {
        const n = next();
        return form("POST", "/api/v2/connect/register", headers, {
          UserName: `newcomer${n}`,
          Email: `newcomer${n}@example.com`,
          FirstName: "New",
          LastName: "Comer",
          PhoneNumber: "+92 300 3333333",
          Password: "newcomer-password",
        });
      },
    },
    "POST /api/v2/connect/forgot-password": {
      access: "public",
      ok: 200,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/connect/forgot-password",
        headers,
        payload: { email: "someone@example.com" },
      }),
    },
    "POST /api/v2/connect/reset-password": {
      access: "public",
      // Open to anyone; a made-up reset token is refused as invalid.
      ok: 400,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/connect/reset-password",
        headers,
        payload: { token: "made-up-token", password: "long-enough-password" },
      }),
    },
    "POST /api/v2/connect/verify-mfa": {
      access: "public",
      // Open to anyone; a made-up mfaToken is refused.
      ok: 401,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/connect/verify-mfa",
        headers,
        payload: { mfaToken: "made-up-token", code: "123456" },
      }),
    },
    "POST /api/v2/connect/passkey/mfa-options": {
      access: "public",
      ok: 401,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/connect/passkey/mfa-options",
        headers,
        payload: { mfaToken: "made-up-token" },
      }),
    },
    "POST /api/v2/connect/passkey/options": {
      access: "public",
      ok: 200,
      request: (headers) => ({ method: "POST", url: "/api/v2/connect/passkey/options", headers }),
    },
    "POST /api/v2/connect/passkey/verify": {
      access: "public",
      // Open to anyone; a made-up challenge and passkey are refused.
      ok: 401,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/connect/passkey/verify",
        headers,
        payload: { challengeId: randomUUID(), response: madeUpPasskeyAnswer },
      }),
    },
    "POST /api/v2/connect/logout": {
      access: "back-office",
      ok: 200,
      endsSession: true,
      request: (headers) => ({ method: "POST", url: "/api/v2/connect/logout", headers }),
    },
  };
}
