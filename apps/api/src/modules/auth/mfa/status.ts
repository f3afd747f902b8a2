import type { MfaStatus } from "@visadesk/contract/mfa";
import type { AuthUser } from "../auth-user";
import { factorsOf } from "../mfa-store";
import type { MfaDeps } from "./mfa-deps";
import { toPasskey } from "./passkeys";

/** My second factors: the authenticator app, recovery codes left, passkeys, and whether one is required. */
export async function mfaStatus(
  { db, requireMfa }: Pick<MfaDeps, "db" | "requireMfa">,
  user: AuthUser,
): Promise<MfaStatus> {
  const methods = await factorsOf(db.kysely, user.id);
  const codes = await db.kysely
    .selectFrom("mfaRecoveryCodes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", user.id)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  const passkeys = await db.kysely
    .selectFrom("mfaPasskeys")
    .select(["id", "name", "createdAt", "lastUsedAt"])
    .where("userId", "=", user.id)
    .orderBy("createdAt")
    .execute();
  return {
    totpEnabled: methods.includes("totp"),
    recoveryCodesLeft: Number(codes.count),
    passkeys: passkeys.map(toPasskey),
    enrolmentRequired: requireMfa && methods.length === 0,
  };
}
