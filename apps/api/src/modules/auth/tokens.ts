import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { BINDING_COOKIE } from "@visadesk/contract/auth-constants";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "#api/lib/clock";

/**
 * The HttpOnly cookie set at sign-in (BINDING_COOKIE); the token carries the SHA-256 of its value, so a token
 * read out of localStorage (by an injected script, say) is useless without the cookie, which no script can read.
 */
export { BINDING_COOKIE };

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure when the request
 * came over https (behind a proxy, as TRUST_PROXY says); it lasts as long as the token it binds.
 */
export function bindingCookieOptions(expiresAt?: Date) {
  return {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: "auto",
    ...(expiresAt ? { expires: expiresAt } : {}),
  } as const;
}

/** A fresh random cookie value and the hash the token carries. */
export function newBinding(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: bindingHash(secret) };
}

const bindingHash = (secret: string) => createHash("sha256").update(secret).digest("base64url");

export interface TokenService {
  sign(claims: {
    sessionId: string;
    userGuid: string;
    expiresAt: Date;
    bindingHash: string;
  }): Promise<string>;
  /**
   * The session id of a well-signed (HS256 only), unexpired token presented with its own binding cookie;
   * null otherwise, whatever was wrong (the caller answers one message for all).
   */
  verify(token: string, bindingSecret: string | undefined): Promise<string | null>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  /** Tokens proven well-signed: their session, expiry, the cookie hash they carry and, once seen, the cookie. */
  const verified = new Map<
    string,
    { sessionId: string; expiresAt: number; binding: Buffer; cookie?: Buffer }
  >();
  const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);
  /** The cookie presented is the one the token names; after one match, a plain compare (no hash per request). */
  const boundTo = (known: { binding: Buffer; cookie?: Buffer }, bindingSecret: string | undefined) => {
    if (!bindingSecret) return false;
    const presented = Buffer.from(bindingSecret);
    if (known.cookie) return sameBytes(presented, known.cookie);
    if (!sameBytes(Buffer.from(bindingHash(bindingSecret)), known.binding)) return false;
    known.cookie = presented;
    return true;
  };
  return {
    sign: ({ sessionId, userGuid, expiresAt, bindingHash }) =>
      new SignJWT({ bnd: bindingHash })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userGuid)
        .setJti(sessionId)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token, bindingSecret) {
      // A token string already proven well-signed stays so until it expires: skip the HMAC on repeat calls.
      // The cookie is compared on every call, cached or not, so a wrong cookie never rides on the cache.
      // (Revocation and idleness are left to the session check of every request, sessions.ts.)
      let known = verified.get(token);
      if (!known) {
        try {
          // The allow-list: HS256 only, so "none" or any other algorithm is refused before the key is used.
          const { payload } = await jwtVerify(token, key, {
            algorithms: ["HS256"],
            currentDate: clock.now(),
          });
          if (!payload.jti || typeof payload.bnd !== "string") return null;
          known = {
            sessionId: payload.jti,
            expiresAt: (payload.exp ?? 0) * 1000,
            binding: Buffer.from(payload.bnd),
          };
        } catch {
          return null;
        }
        if (verified.size >= 10_000) verified.clear();
        verified.set(token, known);
      }
      if (known.expiresAt <= clock.now().getTime()) return null;
      return boundTo(known, bindingSecret) ? known.sessionId : null;
    },
  };
}

/** JWT_SECRET when set; otherwise a random secret generated once and kept in the data folder. */
export function loadTokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "jwt-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
