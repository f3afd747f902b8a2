import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../lib/clock";

export interface TokenService {
  sign(claims: { sessionId: string; userGuid: string; expiresAt: Date }): Promise<string>;
  /** The session id of a well-signed, unexpired token; null otherwise. */
  verify(token: string): Promise<string | null>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { sessionId: string; expiresAt: number }>();
  return {
    sign: ({ sessionId, userGuid, expiresAt }) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userGuid)
        .setJti(sessionId)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token) {
      // A token string already proven well-signed stays so until it expires: skip the HMAC on repeat calls.
      // (Revocation is still checked against the sessions table on every request.)
      const known = verified.get(token);
      if (known) return known.expiresAt > clock.now().getTime() ? known.sessionId : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: clock.now() });
        if (!payload.jti) return null;
        if (verified.size >= 10_000) verified.clear();
        verified.set(token, { sessionId: payload.jti, expiresAt: (payload.exp ?? 0) * 1000 });
        return payload.jti;
      } catch {
        return null;
      }
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
