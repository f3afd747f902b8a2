import type { Executor } from "#api/db/schema";
import { totpOf } from "../mfa-store";
import type { MfaDeps } from "./mfa-deps";
import { useRecoveryCode } from "./recovery-codes";

/** A code of 6 digits (spaces allowed) is an authenticator app's; anything else is tried as a recovery code. */
const totpCode = (code: string) => {
  const digits = code.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * Accepts a TOTP code once: the code's time step must be later than the last one accepted for the
 * account, and the update that records it wins only once under concurrency.
 */
export async function useTotpCode(
  { keys, clock }: Pick<MfaDeps, "keys" | "clock">,
  trx: Executor,
  userId: number,
  code: string,
  confirmed: boolean,
) {
  const row = await trx
    .selectFrom("mfaTotp")
    .selectAll()
    .where("userId", "=", userId)
    .where("confirmedAt", confirmed ? "is not" : "is", null)
    .executeTakeFirst();
  const secret = row && keys.decrypt(row.secret);
  if (!row || !secret) return false;
  const now = clock.now().getTime();
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  const result = await trx
    .updateTable("mfaTotp")
    .set({ lastUsedStep: step })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A code typed by the account's owner: the authenticator app's (once confirmed) or an unused recovery code. */
export const useCode = (deps: Pick<MfaDeps, "db" | "keys" | "clock">, userId: number, code: string) => {
  const digits = totpCode(code);
  return digits
    ? useTotpCode(deps, deps.db.kysely, userId, digits, true)
    : useRecoveryCode(deps, deps.db.kysely, userId, code);
};
