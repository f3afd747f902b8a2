import { customerAuthMessages as messages, type SignUpBody } from "@visadesk/contract/customer-auth";
import { mailLanguageOf } from "#api/lib/customer-mail-i18n";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import type { AuditContext } from "../audit/service";
import { findAccount } from "../auth/service";
import type { CustomerAuthDeps } from "./deps";
import { alreadyRegisteredMail } from "./mails";
import type { SignUpCodes } from "./sign-up-codes";
import * as repo from "./sign-up-repository";

/**
 * A sign-up is held apart from the accounts until its email is proven (sign-up-codes.ts makes the account
 * then): it reserves no username, email or CNIC, and its time runs out after SIGNUP_EXPIRY_HOURS. Every
 * sign-up answers the same, and its mail is the code, whoever else's username or CNIC it names: nothing
 * tells the caller about anyone else's data. Only an address that already has an account gets no code:
 * its owner (the only reader of that mailbox) is told someone tried to sign up with it.
 */
export async function signUp(
  deps: CustomerAuthDeps,
  codes: Pick<SignUpCodes, "mailSignUpCode">,
  body: SignUpBody,
  context: AuditContext,
): Promise<{ message: string }> {
  const { db, clock } = deps;
  assertAcceptablePassword(body.password, "password");
  const now = clock.now();
  const passwordHash = await hashPassword(body.password);
  const owner = await findAccount(db.kysely, { email: body.email });
  if (owner) {
    deps.background.run("sign-up mail", () =>
      // The account's own language; an address without one gets the language the form was filled in.
      deps.mailer.send(
        alreadyRegisteredMail(owner.email, mailLanguageOf(owner.language ?? body.language), deps.companyName),
      ),
    );
    return { message: messages.signedUp };
  }
  const held: repo.NewSignUp = {
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
    requestId: context.requestId,
    ip: context.ip,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.signUpExpiryHours * 3_600_000).toISOString(),
  };
  const id = await db.kysely.transaction().execute(async (trx) => {
    const earlier = await repo.findLiveSignUp(trx, body.email, now.toISOString());
    if (!earlier) return repo.insertSignUp(trx, held);
    await repo.replaceSignUp(trx, earlier.id, held);
    return earlier.id;
  });
  deps.background.run("verification code mail", () => codes.mailSignUpCode(id));
  return { message: messages.signedUp };
}
