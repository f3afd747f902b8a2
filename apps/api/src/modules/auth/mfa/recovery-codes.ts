import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import { mfaMessages, type RecoveryCodesAnswer } from "@visadesk/contract/mfa";
import type { Executor } from "#api/db/schema";
import { Conflict } from "#api/lib/errors";
import type { AuthUser } from "../auth-user";
import { factorsOf, newRecoveryCodes } from "../mfa-store";
import { auditFactors } from "./factor-changes";
import type { MfaDeps } from "./mfa-deps";

/** Spends one unused recovery code of the account; false when it is not one (or was used). */
export async function useRecoveryCode(
  { keys, clock }: Pick<MfaDeps, "keys" | "clock">,
  trx: Executor,
  userId: number,
  code: string,
) {
  const result = await trx
    .updateTable("mfaRecoveryCodes")
    .set({ usedAt: clock.now().toISOString() })
    .where("userId", "=", userId)
    .where("codeHash", "=", keys.hashRecoveryCode(code))
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a new set of recovery codes (keyed hashes), ending the old set. */
export async function replaceRecoveryCodes(
  { keys }: Pick<MfaDeps, "keys">,
  trx: Executor,
  userId: number,
  codes: string[],
  at: string,
) {
  await trx.deleteFrom("mfaRecoveryCodes").where("userId", "=", userId).execute();
  await trx
    .insertInto("mfaRecoveryCodes")
    .values(
      codes.map((one) => ({ userId, codeHash: keys.hashRecoveryCode(one), usedAt: null, createdAt: at })),
    )
    .execute();
}

/** 10 new recovery codes in place of the old ones (used or not), shown this once. */
export async function regenerateRecoveryCodes(
  deps: Pick<MfaDeps, "db" | "clock" | "keys">,
  user: AuthUser,
): Promise<RecoveryCodesAnswer> {
  const recoveryCodes = newRecoveryCodes();
  const done = await deps.db.kysely.transaction().execute(async (trx) => {
    if ((await factorsOf(trx, user.id)).length === 0) return false;
    await replaceRecoveryCodes(deps, trx, user.id, recoveryCodes, deps.clock.now().toISOString());
    await auditFactors(deps, trx, user, { recoveryCodes: AUDIT_SECRET_CHANGED });
    return true;
  });
  if (!done) throw new Conflict(mfaMessages.recoveryCodesNeedFactor);
  return { message: mfaMessages.recoveryCodesNote, recoveryCodes };
}
