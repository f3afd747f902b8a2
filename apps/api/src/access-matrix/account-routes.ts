import { randomUUID } from "node:crypto";
import { type Entry, form, madeUpPasskeyAnswer, next, t } from "./context";

/** The signed-in caller's own account: profile, password, sessions, two-factor: each route, who may call it, and a call of it. */
export function accountRoutes(): Record<string, Entry> {
  return {
    "GET /api/v2/account": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/account", headers }),
    },
    "POST /api/v2/account/change-password": {
      access: "back-office",
      ok: 200,
      // Each caller's account changes its own password (the matrix's callers sign in only once).
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/account/change-password",
        payload: { currentPassword: "Correct-Horse-9", newPassword: `matrix-new-password-${next()}` },
        headers,
      }),
    },
    "PUT /api/v2/account/profile": {
      access: "back-office",
      ok: 200,
      request: (headers) =>
        form("PUT", "/api/v2/account/profile", headers, {
          FirstName: "Matrix",
          LastName: `Caller ${next()}`,
        }),
    },
    "GET /api/v2/account/sessions": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/account/sessions", headers }),
    },
    "DELETE /api/v2/account/sessions/:id": {
      access: "back-office",
      // A session that is not the caller's: let in, the caller is told there is no such session of theirs.
      ok: 404,
      request: (headers) => ({ method: "DELETE", url: `/api/v2/account/sessions/${randomUUID()}`, headers }),
    },
    "POST /api/v2/account/sessions/end-others": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "POST", url: "/api/v2/account/sessions/end-others", headers }),
    },
    "GET /api/v2/account/mfa": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/account/mfa", headers }),
    },
    "POST /api/v2/account/mfa/totp": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "POST", url: "/api/v2/account/mfa/totp", headers }),
    },
    "POST /api/v2/account/mfa/totp/confirm": {
      access: "back-office",
      // Let in: a set-up is started, then a code that is not the app's is refused.
      ok: 400,
      request: async (headers) => {
        await t.app.inject({ method: "POST", url: "/api/v2/account/mfa/totp", headers });
        return {
          method: "POST",
          url: "/api/v2/account/mfa/totp/confirm",
          headers,
          payload: { code: "12345x" },
        };
      },
    },
    "DELETE /api/v2/account/mfa/totp": {
      access: "back-office",
      // Let in: a wrong password is refused on its field.
      ok: 400,
      request: (headers) => ({
        method: "DELETE",
        url: "/api/v2/account/mfa/totp",
        headers,
        payload: { password: "not-the-password", code: "123456" },
      }),
    },
    "POST /api/v2/account/mfa/passkeys/options": {
      access: "back-office",
      ok: 400,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/account/mfa/passkeys/options",
        headers,
        payload: { password: "not-the-password" },
      }),
    },
    "POST /api/v2/account/mfa/passkeys": {
      access: "back-office",
      // Let in: an answer to no challenge of the caller's is refused.
      ok: 400,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/account/mfa/passkeys",
        headers,
        payload: { name: "Matrix key", response: madeUpPasskeyAnswer },
      }),
    },
    "DELETE /api/v2/account/mfa/passkeys/:id": {
      access: "back-office",
      // Not a passkey of the caller's.
      ok: 404,
      request: (headers) => ({
        method: "DELETE",
        url: `/api/v2/account/mfa/passkeys/${randomUUID()}`,
        headers,
      }),
    },
    "POST /api/v2/account/mfa/recovery-codes": {
      access: "back-office",
      // Let in: with no factor, there are no recovery codes to replace.
      ok: 409,
      request: (headers) => ({ method: "POST", url: "/api/v2/account/mfa/recovery-codes", headers }),
    },
    "POST /api/v2/account/reauthenticate": {
      access: "back-office",
      // Let in: a wrong password is refused on its field.
      ok: 400,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/account/reauthenticate",
        headers,
        payload: { password: "not-the-password" },
      }),
    },
  };
}
