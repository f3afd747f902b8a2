import { createHash, createHmac, randomBytes } from "node:crypto";
import { CUSTOMER_ACCESS_TOKEN_MINUTES } from "@visadesk/contract/customer-auth";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "#api/lib/clock";

/**
 * The customer API's access tokens: HS256 under a key of their own (derived from the server secret), with
 * their own audience. A back-office token fails their check and theirs fails the back-office's, whatever the
 * claims say, so neither API can be entered with the other's token.
 */
const AUDIENCE = "visadesk-customer";

export interface CustomerTokens {
  /** An access token of the device's session, and the seconds it lives. */
  sign(claims: { sessionId: string; customerGuid: string }): Promise<{ token: string; expiresIn: number }>;
  /** The session of a well-signed, unexpired customer access token; null for anything else. */
  verify(token: string): Promise<string | null>;
}

export function createCustomerTokens(serverSecret: string, clock: Clock): CustomerTokens {
  const key = createHmac("sha256", serverSecret).update("customer access tokens").digest();
  const lifetime = CUSTOMER_ACCESS_TOKEN_MINUTES * 60;
  return {
    async sign({ sessionId, customerGuid }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setAudience(AUDIENCE)
        .setSubject(customerGuid)
        .setJti(sessionId)
        .setIssuedAt(now)
        .setExpirationTime(now + lifetime)
        .sign(key);
      return { token, expiresIn: lifetime };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        return typeof payload.jti === "string" ? payload.jti : null;
      } catch {
        return null;
      }
    },
  };
}

/** A refresh token: 32 random bytes; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: refreshTokenHash(token) };
}

export const refreshTokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");
