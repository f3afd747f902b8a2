import { customerAuthMessages as messages, type SignUpBody } from "@visadesk/contract/customer-auth";
import { mailLanguageOf } from "#api/lib/customer-mail-i18n";
import { newGuid } from "#api/lib/ids";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import { type AuditContext, actorOf, changesBetween, recordAudit } from "../audit/service";
import { accountConflict, findAccount, insertAccount } from "../auth/service";
import type { CustomerAuthDeps } from "./deps";
import type { EmailCodes } from "./email-codes";
import { alreadyRegisteredMail } from "./mails";

/** What sign-up writes into the history (the password only as "changed"). */
const SIGNED_UP_FIELDS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "dateOfBirth",
  "cnic",
  "address",
  "timeZone",
  "language",
  "passwordHash",
  "role",
] as const;

/**
 * A new app user, active at once; the code proves the email before any booking. A taken email,
 * username or CNIC answers exactly like a new account (no enumeration): nothing is written, and the
 * owner of the typed address learns what happened by mail.
 */
export async function signUp(
  deps: CustomerAuthDeps,
  codes: Pick<EmailCodes, "mailCode">,
  body: SignUpBody,
  context: AuditContext,
): Promise<{ message: string }> {
  const { db, clock } = deps;
  assertAcceptablePassword(body.password, "password");
  const now = clock.now().toISOString();
  const passwordHash = await hashPassword(body.password);
  const values = {
    guidId: newGuid(),
    userName: body.userName,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber,
    dateOfBirth: body.dateOfBirth,
    cnic: body.cnic,
    address: body.address,
    timeZone: body.timeZone,
    language: body.language,
    passwordHash,
    role: "AppUser" as const,
    status: "active" as const,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const account = await db.kysely.transaction().execute(async (trx) => {
      const user = await insertAccount(trx, values);
      // The customer acts for themselves from the first moment.
      await recordAudit(trx, {
        context: { ...context, actor: actorOf(values) },
        action: "create",
        entity: "user",
        entityId: user.guidId,
        changes: changesBetween(null, values, SIGNED_UP_FIELDS),
        at: new Date(now),
      });
      return user;
    });
    deps.background.run("verification code mail", () =>
      codes.mailCode({ ...account, language: body.language }),
    );
  } catch (error) {
    if (!accountConflict(error)?.fieldErrors) throw error;
    deps.background.run("sign-up mail", async () => {
      // The address's own account says which language its owner reads; an address without one gets
      // the language the form was filled in.
      const owner = await findAccount(db.kysely, { email: body.email });
      const language = mailLanguageOf(owner ? owner.language : body.language);
      await deps.mailer.send(alreadyRegisteredMail(body.email, language, deps.companyName));
    });
  }
  return { message: messages.signedUp };
}
