import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { ERASED_ACTOR_NAME } from "#api/db/migrations/024-customer-accounts";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { ValidationError } from "#api/lib/errors";
import { forgetIdempotencyKeys } from "#api/plugins/idempotency";
import { eraseCustomerWords } from "../appointments/customer-erasure";
import { cancellationMails, settleUpcoming } from "../appointments/deleted-party";
import { eraseFromHistory } from "../audit/erasure";
import { recordAudit } from "../audit/service";
import { clearSignInFailures, createLoginAttempts, type SignInContext } from "../auth/login-attempts";
import { deletePasswordResetsOf, findAccount, revokeSessionsOf } from "../auth/service";
import { fileIdOf } from "../files/service";
import { redactNotesOn } from "../notes/erasure";
import { eraseAccount } from "../users/account-records";
import type { SignedInCustomer } from "./customer";
import { erasedMail } from "./mails";

/** What an erased account's every personal field becomes. */
const erasedFields = (guidId: string, at: string) => ({
  userName: `erased-${guidId}`,
  email: `erased-${guidId}@erased.invalid`,
  firstName: null,
  lastName: null,
  phoneNumber: null,
  dateOfBirth: null,
  cnic: null,
  address: null,
  profilePic: null,
  cnicFront: null,
  cnicBack: null,
  // No password verifies against this: it is not an argon2 hash.
  passwordHash: "erased",
  timeZone: null,
  language: null,
  emailVerifiedAt: null,
  cnicVerification: null,
  deletedAt: at,
  erasedAt: at,
  updatedAt: at,
});

const fileId = (path: string | null) => (path ? fileIdOf(path) : null);

/**
 * A customer's erasure of their own account, in one transaction: upcoming appointments cancelled (their
 * consultants mailed after the commit), past ones kept for the consultants' counts but without the
 * customer's email or words, images deleted, every personal field blanked, the history's rows about them
 * and their appointments emptied of values, staff's notes on them redacted, their failed sign-ins and
 * Idempotency-Keys forgotten, every session and link ended; after the commit, the outbox's copies of mails
 * that name them are deleted, and one mail to their address confirms the erasure. Nothing is left to restore.
 */
export function createErasure(deps: AppDeps) {
  const { db, clock, config } = deps;
  const attempts = createLoginAttempts({ db, clock });
  return async function erase(customer: SignedInCustomer, password: string, context: SignInContext) {
    const account = await findAccount(db.kysely, { email: customer.email });
    if (!account) throw new ValidationError({ password: messages.currentPasswordWrong });
    await attempts.proveOwner(account, password, context, { password: messages.currentPasswordWrong });
    const now = clock.now();
    const at = now.toISOString();
    const settled = await db.kysely.transaction().execute(async (trx) => {
      const cancelled = await settleUpcoming(
        trx,
        { kind: "app user", userId: account.id },
        { choice: "cancel", reason: messages.erasureReason },
        { today: localDate(now, config.businessTimeZone), at: now, by: account.userName },
      );
      const files = [account.profilePic, account.cnicFront, account.cnicBack]
        .map(fileId)
        .filter((id) => id !== null);
      await deps.files.removeIds(files, trx);
      const appointments = await eraseCustomerWords(trx, account.id, messages.erasureReason);
      const notes = await redactNotesOn(trx, [
        { entity: "user", ids: [account.guidId] },
        { entity: "appointment", ids: appointments },
      ]);
      await eraseFromHistory(trx, account.guidId, [...appointments, ...notes]);
      // Before the account's names are blanked: the counters are kept under them.
      await clearSignInFailures(trx, account.id);
      await forgetIdempotencyKeys(trx, account.id);
      await eraseAccount(trx, account.id, erasedFields(account.guidId, at));
      await revokeSessionsOf(trx, account.id, at);
      await trx.deleteFrom("emailCodes").where("userId", "=", account.id).execute();
      await deletePasswordResetsOf(trx, account.id);
      await recordAudit(trx, {
        context: {
          actor: { guidId: account.guidId, name: ERASED_ACTOR_NAME },
          requestId: context.requestId ?? null,
          ip: null,
        },
        action: "delete",
        entity: "user",
        entityId: account.guidId,
        changes: { erased: { from: false, to: true } },
        at: now,
      });
      return cancelled;
    });
    // The kept copies of earlier mails naming them go; then the one mail to them says it is done, and
    // the consultants are told of cancelled bookings without the customer's address.
    await deps.mailer.forgetAddress?.(account.email);
    const confirmation = erasedMail(account.email, customer.language, config.companyName);
    const consultantMails = cancellationMails(
      "app user",
      settled.cancelled,
      settled.reason,
      config,
      true,
    ).filter((mail) => mail.to !== account.email);
    await Promise.allSettled([confirmation, ...consultantMails].map((mail) => deps.mailer.send(mail)));
    return { message: messages.erased };
  };
}
