import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { MFA_TOKEN_TTL_MINUTES, RECOVERY_CODE_COUNT } from "@visadesk/contract/mfa";
import { TOTP } from "otpauth";
import type { Executor } from "#api/db/schema";
import { setMfaEnabled } from "../users/account-records";

/**
 * Storage of the second factors, shared by sign-in (service.ts), the factors' own use cases (mfa/) and an
 * Admin's reset (users module, through service.ts).
 */

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Keys for second factors, derived from the server's secret (JWT_SECRET, or the one generated into DATA_DIR):
 * one encrypts authenticator-app secrets (AES-256-GCM), the other hashes recovery codes (HMAC-SHA-256).
 * A copy of the database alone (a PostgreSQL dump, a backup) therefore holds no usable TOTP secret and no
 * recovery code. Changing JWT_SECRET makes the stored secrets unreadable: their owners then need an Admin's
 * "Reset two-factor" (docs/security.md).
 */
export function createMfaKeys(serverSecret: string) {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync("sha256", serverSecret, "visadesk-mfa", purpose, 32));
  const encryptionKey = derive("totp secret encryption");
  const codeKey = derive("recovery code hashing");
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    /** The plain text, or null when it was encrypted under another key (JWT_SECRET changed) or damaged. */
    decrypt(stored: string): string | null {
      try {
        const raw = Buffer.from(stored.replace(/^v1\./, ""), "base64url");
        const decipher = createDecipheriv("aes-256-gcm", encryptionKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
    /** A recovery code as stored: keyed, so the hash cannot be checked against guesses without the key. */
    hashRecoveryCode: (code: string) =>
      createHmac("sha256", codeKey).update(normalizeRecoveryCode(code)).digest("hex"),
  };
}
export type MfaKeys = ReturnType<typeof createMfaKeys>;

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, "");

const CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** Ten codes of 10 characters from 32 (50 random bits each), shown as "xxxxx-xxxxx". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => CODE_ALPHABET[byte & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A TOTP of the product: SHA-1, 6 digits, 30 seconds, what every authenticator app reads. */
export const totpOf = (secretBase32: string, label = "", issuer = "") =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: 30, secret: secretBase32 });

/** Which factors an account has (for the second step of sign-in and for /settings). */
export async function factorsOf(db: Executor, userId: number) {
  const totp = await db
    .selectFrom("mfaTotp")
    .select("userId")
    .where("userId", "=", userId)
    .where("confirmedAt", "is not", null)
    .executeTakeFirst();
  const passkeys = await db
    .selectFrom("mfaPasskeys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  const methods: ("totp" | "passkey")[] = [];
  if (totp) methods.push("totp");
  if (Number(passkeys.count) > 0) methods.push("passkey");
  return methods;
}

/** What the second step of a sign-in may offer: the factors, and recovery codes while unused ones are left. */
export async function signInMethodsOf(db: Executor, userId: number) {
  const methods: ("totp" | "passkey" | "recovery")[] = await factorsOf(db, userId);
  const codes = await db
    .selectFrom("mfaRecoveryCodes")
    .select("id")
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (codes) methods.push("recovery");
  return methods;
}

/**
 * users.is_mfa_enabled follows the factors: the check of every request reads it beside the session. With no
 * factor left, the recovery codes go too (they stand in for a factor, never for the password).
 */
export async function refreshMfaEnabled(db: Executor, userId: number) {
  const enabled = (await factorsOf(db, userId)).length > 0;
  await setMfaEnabled(db, userId, enabled);
  if (!enabled) await db.deleteFrom("mfaRecoveryCodes").where("userId", "=", userId).execute();
  return enabled;
}

/** Removes every factor of an account (an Admin's reset): the caller ends its sessions in the same transaction. */
export async function deleteSecondFactors(db: Executor, userId: number) {
  await db.deleteFrom("mfaTotp").where("userId", "=", userId).execute();
  await db.deleteFrom("mfaRecoveryCodes").where("userId", "=", userId).execute();
  await db.deleteFrom("mfaPasskeys").where("userId", "=", userId).execute();
  await db.deleteFrom("mfaSteps").where("userId", "=", userId).execute();
  await setMfaEnabled(db, userId, false);
}

/**
 * The step between a right password and the second factor: a random token for the client, stored as its
 * SHA-256, bound to the account, valid 5 minutes, used once. It is not a JWT and opens no session.
 */
export async function createSignInStep(db: Executor, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await sweepSteps(db, now);
  await db
    .insertInto("mfaSteps")
    .values({
      id: sha256(token),
      kind: "sign-in",
      userId,
      challenge: null,
      expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MINUTES * 60_000).toISOString(),
      usedAt: null,
    })
    .execute();
  return token;
}

/** A WebAuthn challenge waiting for its answer (registration or passwordless sign-in). */
export async function createChallengeStep(
  db: Executor,
  step: {
    id: string;
    kind: "passkey-register" | "passkey-sign-in";
    userId: number | null;
    challenge: string;
  },
  now: Date,
) {
  await sweepSteps(db, now);
  await db
    .insertInto("mfaSteps")
    .values({
      ...step,
      expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MINUTES * 60_000).toISOString(),
      usedAt: null,
    })
    .execute();
}

/** A live step by id (sign-in steps: by the token's hash). */
export function findStep(db: Executor, id: string, kind: string, now: Date) {
  return db
    .selectFrom("mfaSteps")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", kind as "sign-in")
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
}
export const signInStepId = sha256;

/** Marks a step used; false when another request used it first. */
export async function useStep(db: Executor, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable("mfaSteps")
    .set({ usedAt: at.toISOString() })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function sweepSteps(db: Executor, now: Date) {
  return db.deleteFrom("mfaSteps").where("expiresAt", "<", now.toISOString()).execute();
}
