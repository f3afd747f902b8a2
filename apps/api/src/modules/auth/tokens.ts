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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: clock.now() });
        return payload.jti ?? null;
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
