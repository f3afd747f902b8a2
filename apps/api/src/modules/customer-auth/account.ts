import { authMessages } from "@visadesk/contract/auth-constants";
import { type CustomerProfileBody, customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import type { Db } from "#api/db/database";
import type { BackgroundTasks } from "#api/lib/background";
import type { Clock } from "#api/lib/clock";
import type { Mailer } from "#api/lib/mailer";
import { type AuditContext, actorOf, changesBetween, recordAudit } from "../audit/service";
import { createLoginAttempts, type SignInContext } from "../auth/login-attempts";
import { changeOwnPassword } from "../auth/password-change";
import { passwordChangedMail } from "../auth/password-changed-mail";
import {
  type AuthService,
  findAccount,
  revokeBackOfficeSessionsOf,
  sendPasswordResetLink,
} from "../auth/service";
import type { CheckedImage, FileService } from "../files/service";
import { accountFields, updateOwnAccount } from "../users/account-records";
import type { SignedInCustomer } from "./customer";

/** What a customer changes of their own account: their details, their password, a forgotten password. */
export function createCustomerAccountService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  companyName: string;
  linkOrigin: string;
  /** CUSTOMER_SITE_BASE: the reset link opens the customer site. */
  customerSiteBase: string;
  /** The back-office's reset: one rule for every account's reset link. */
  staffAuth: Pick<AuthService, "resetPassword">;
  files: Pick<FileService, "store" | "remove">;
}) {
  const { db, clock, files } = deps;
  const attempts = createLoginAttempts({ db, clock });
  const PROFILE_FIELDS = [
    "firstName",
    "lastName",
    "phoneNumber",
    "timeZone",
    "language",
    "profilePic",
  ] as const;

  return {
    /** The same answer, at once, for any address; the link goes out after the answer. */
    async forgotPassword(email: string, context: AuditContext) {
      const account = await findAccount(db.kysely, { email });
      if (account && account.role === "AppUser" && account.status === "active" && !account.suspendedAt) {
        deps.background.run("password reset mail", () =>
          sendPasswordResetLink(deps, account, deps.linkOrigin, context),
        );
      }
      return { message: authMessages.resetRequested };
    },

    async resetPassword(token: string, password: string, context: AuditContext) {
      const done = await deps.staffAuth.resetPassword(token, password, context);
      return { message: done.accountKind === "app-user" ? messages.passwordReset : done.message };
    },

    /**
     * The customer's details and, when one is sent, their new picture (public like every profile picture,
     * under a name no one can guess). A picture replaced or removed is deleted, not kept.
     * `picture: null` removes it.
     */
    async updateMe(
      customer: SignedInCustomer,
      body: CustomerProfileBody & { picture?: CheckedImage | null },
      context: AuditContext,
    ) {
      const now = clock.now();
      const { picture, ...fields } = body;
      await db.kysely.transaction().execute(async (trx) => {
        const before = await accountFields(trx, customer.id, PROFILE_FIELDS);
        const after: typeof fields & { profilePic?: string | null } = { ...fields };
        if (picture !== undefined) {
          after.profilePic = picture
            ? await files.store(picture, { isPrivate: false, createdBy: customer.guidId, at: now }, trx)
            : null;
          if (before.profilePic) await files.remove(before.profilePic, trx);
        }
        const changes = changesBetween(before, { ...before, ...after }, PROFILE_FIELDS);
        if (Object.keys(changes).length === 0) return;
        await updateOwnAccount(trx, customer.id, after, now.toISOString());
        await recordAudit(trx, {
          context,
          action: "update",
          entity: "user",
          entityId: customer.guidId,
          changes,
          at: now,
        });
      });
    },

    /**
     * The current password proves it is the owner: a wrong one counts toward the sign-in lockout. The new
     * one ends every other device and every unused reset link; this device stays signed in.
     */
    async changePassword(
      customer: SignedInCustomer,
      body: { currentPassword: string; newPassword: string },
      context: SignInContext,
    ) {
      await changeOwnPassword(
        { db, clock, attempts },
        {
          account: await findAccount(db.kysely, { email: customer.email }),
          userId: customer.id,
          guidId: customer.guidId,
          actor: actorOf(customer),
          body,
          context,
          wrongCurrent: messages.currentPasswordWrong,
          // Every other device and any back-office session end; this device stays signed in.
          alsoEnd: async (trx, at) => {
            await revokeBackOfficeSessionsOf(trx, customer.id, at);
            await trx
              .updateTable("customerSessions")
              .set({ revokedAt: at })
              .where("userId", "=", customer.id)
              .where("id", "!=", customer.sessionId)
              .where("revokedAt", "is", null)
              .execute();
          },
        },
      );
      deps.background.run("password changed mail", async () => {
        const mail = await passwordChangedMail(db.kysely, customer.id, deps.companyName);
        if (mail) await deps.mailer.send(mail);
      });
      return { message: messages.passwordChanged };
    },
  };
}
export type CustomerAccountService = ReturnType<typeof createCustomerAccountService>;
