import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { MfaDeps } from "./mfa-deps";

/**
 * Checks a passkey's signature over a challenge and moves its counter on; the passkey, or null when it is
 * unknown (or not the account's, given one) or its answer does not verify.
 */
export async function verifyPasskeyAssertion(
  { db, clock, relyingParty, rpID }: Pick<MfaDeps, "db" | "clock" | "relyingParty" | "rpID">,
  userId: number | null,
  response: AuthenticationResponseJSON,
  challenge: string,
) {
  const passkey = await db.kysely
    .selectFrom("mfaPasskeys")
    .selectAll()
    .where("id", "=", response.id)
    .$if(userId !== null, (query) => query.where("userId", "=", userId ?? 0))
    .executeTakeFirst();
  if (!passkey) return null;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: Number(passkey.counter),
        ...(passkey.transports ? { transports: JSON.parse(passkey.transports) as string[] } : {}),
      },
      // Alone, a passkey must prove its owner (PIN, fingerprint); after the password, presence is enough.
      requireUserVerification: userId === null,
    });
    if (!verified) return null;
    await db.kysely
      .updateTable("mfaPasskeys")
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: clock.now().toISOString() })
      .where("id", "=", passkey.id)
      .execute();
    return passkey;
  } catch {
    return null;
  }
}
