import type { RegisterFields } from "@visadesk/contract/auth";
import { authMessages } from "@visadesk/contract/auth-constants";
import { brokenUniqueIndex } from "#api/db/errors";
import { Conflict } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { Mail } from "#api/lib/mailer";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import { type AuditContext, changesBetween, recordAudit } from "../audit/service";
import type { CheckedImage } from "../files/service";
import * as accounts from "../users/account-records";
import type { AuthDeps } from "./auth-deps";

/** What a registration's audit row lists (the password only as "changed"). */
const REGISTERED_FIELDS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "profilePic",
  "passwordHash",
  "role",
  "status",
] as const;

/** Maps a broken unique index of the users table to the 409 that names the field. */
export function accountConflict(error: unknown): Conflict | null {
  const index = brokenUniqueIndex(error);
  if (index === null) return null;
  if (index.includes("email")) return new Conflict(authMessages.emailTaken, "email");
  if (index.includes("user_name")) return new Conflict(authMessages.userNameTaken, "userName");
  if (index.includes("cnic")) return new Conflict("This CNIC number is already registered", "cnic");
  return new Conflict("This record already exists");
}

/*
 * Mails of the public forms go to whatever address was typed, so they hold fixed text only: nothing the
 * person filling in the form typed (a name could be a message to a victim), and not the username either.
 */

/** To the owner of a registered email, when someone registers with it again. */
const emailTakenMail = (to: string, company: string): Mail => ({
  to,
  subject: `Someone tried to register with your email`,
  text: `Hello,\n\nSomeone tried to create a ${company} account with this email address, which already has an account. No new account was created.\n\nIf it was you, sign in with your existing account, or use "Forgot password" on the sign-in page. If it was not you, you can ignore this email.`,
});

/** To a new registrant whose chosen username is taken: the answer on screen could not say so. */
const userNameTakenMail = (to: string, company: string): Mail => ({
  to,
  subject: `Your ${company} registration`,
  text: `Hello,\n\nNo ${company} account was created from your registration: the username you chose cannot be used. Please register again with another username.\n\nIf you did not register, you can ignore this email.`,
});

/**
 * The first account of an empty database becomes Admin; later ones wait for an Admin's approval.
 * A taken email or username answers exactly like a new registration (no account enumeration):
 * nothing is written, and the mailbox owner learns what happened by mail instead.
 */
export async function registerAccount(
  deps: Pick<AuthDeps, "db" | "clock" | "files" | "background" | "mailer" | "companyName">,
  fields: RegisterFields,
  profilePic: CheckedImage | undefined,
  context: AuditContext,
) {
  const { db, clock } = deps;
  assertAcceptablePassword(fields.Password, "Password");
  const now = clock.now();
  const passwordHash = await hashPassword(fields.Password);
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const first = (await accounts.countAccounts(trx)) === 0;
      const picture = profilePic
        ? await deps.files.store(profilePic, { isPrivate: false, createdBy: null, at: now }, trx)
        : null;
      const values = {
        guidId: newGuid(),
        userName: fields.UserName,
        email: fields.Email,
        firstName: fields.FirstName,
        lastName: fields.LastName,
        phoneNumber: fields.PhoneNumber,
        profilePic: picture,
        passwordHash,
        role: first ? ("Admin" as const) : ("Staff" as const),
        status: first ? ("active" as const) : ("pending" as const),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      const user = await accounts.insertAccount(trx, values);
      // Nobody is signed in: the registrant is not an actor until an Admin approves them.
      await recordAudit(trx, {
        context,
        action: "create",
        entity: "user",
        entityId: user.guidId,
        changes: changesBetween(null, values, REGISTERED_FIELDS),
        at: now,
      });
      return {
        message: first ? authMessages.firstAdminRegistered : authMessages.registered,
        user: { guidId: user.guidId, userName: user.userName, email: user.email, status: user.status },
      };
    });
  } catch (error) {
    const conflict = accountConflict(error);
    const taken = conflict?.fieldErrors;
    if (!taken) throw conflict ?? error;
    deps.background.run("registration mail", () =>
      deps.mailer.send((taken.email ? emailTakenMail : userNameTakenMail)(fields.Email, deps.companyName)),
    );
    return {
      message: authMessages.registered,
      user: { guidId: newGuid(), userName: fields.UserName, email: fields.Email, status: "pending" },
    };
  }
}
