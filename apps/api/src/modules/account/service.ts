import type { MyAccount, MySession } from "@visadesk/contract/account";
import { accountMessages } from "@visadesk/contract/account-constants";
import type { ChangePasswordBody, ProfileFields } from "@visadesk/contract/account-forms";
import Bowser from "bowser";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { type AuditContext, actorOf, changesBetween, recordAudit } from "../audit/service";
import { createLoginAttempts, type SignInContext } from "../auth/login-attempts";
import * as ownSessions from "../auth/own-sessions";
import { changeOwnPassword } from "../auth/password-change";
import { markReauthenticated, SESSION_IDLE_MINUTES } from "../auth/sessions";
import type { CheckedImage } from "../files/service";
import * as ownAccount from "../users/own-account";

/** "Chrome 131 on Linux", from a User-Agent; one it cannot read (a script's) is shown as it came, shortened. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent?.trim()) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = parsed.os.name;
  if (!browser && !system) return userAgent.trim().slice(0, 60);
  return [browser || "Unknown browser", system && `on ${system}`].filter(Boolean).join(" ");
}

/** What a change of my profile lists in the history (the picture by its file's name, never its bytes). */
const PROFILE_FIELDS = ["firstName", "lastName", "phoneNumber", "profilePic"] as const;

/** My account: what a signed-in person may change of their own (the /settings page). */
export function createAccountService(deps: AppDeps) {
  const { db, clock } = deps;
  const attempts = createLoginAttempts({ db, clock });
  const passwordDeps = { db, clock, attempts };

  return {
    async me(user: AuthUser): Promise<MyAccount> {
      const row = await ownAccount.findMe(db.kysely, user.id);
      return {
        guidId: row.guidId,
        userName: row.userName,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        phoneNumber: row.phoneNumber,
        profilePic: row.profilePic,
        roles: [row.role],
        passwordChangeRequired: row.isPasswordTemporary,
      };
    },

    /**
     * The current password proves it is the owner, not someone at an unlocked screen: a wrong one counts
     * toward the sign-in lockout like a wrong sign-in. The new password ends every other session of mine
     * and every unused reset link.
     */
    async changePassword(user: AuthUser, body: ChangePasswordBody, context: SignInContext) {
      await changeOwnPassword(passwordDeps, {
        account: await ownAccount.findMe(db.kysely, user.id),
        userId: user.id,
        guidId: user.guidId,
        actor: actorOf(user),
        body,
        context,
        wrongCurrent: accountMessages.currentPasswordWrong,
        alsoEnd: async (trx, at) => {
          await ownAccount.endTemporaryPassword(trx, user.id);
          await ownSessions.revokeOtherSessions(trx, user.id, user.sessionId, at);
          // The current password was just proven: the session may go on to set up a second factor.
          await markReauthenticated(trx, user.sessionId, new Date(at));
        },
      });
      return { message: accountMessages.passwordChanged };
    },

    async updateProfile(
      user: AuthUser,
      fields: ProfileFields,
      picture: CheckedImage | undefined,
      context: AuditContext,
    ) {
      const now = clock.now();
      await db.kysely.transaction().execute(async (trx) => {
        const before = await ownAccount.findMe(trx, user.id);
        const profilePic = picture
          ? await deps.files.store(picture, { isPrivate: false, createdBy: user.guidId, at: now }, trx)
          : undefined;
        const after = {
          firstName: fields.FirstName,
          lastName: fields.LastName,
          phoneNumber: fields.PhoneNumber,
          ...(profilePic ? { profilePic } : {}),
        };
        await ownAccount.updateProfile(trx, user.id, after, now.toISOString());
        const changes = changesBetween(before, { ...before, ...after }, PROFILE_FIELDS);
        if (Object.keys(changes).length > 0) {
          await recordAudit(trx, {
            context,
            action: "update",
            entity: "user",
            entityId: user.guidId,
            changes,
            at: now,
          });
        }
      });
      return { message: accountMessages.profileUpdated, account: await this.me(user) };
    },

    async sessions(user: AuthUser): Promise<MySession[]> {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000).toISOString();
      const rows = await ownSessions.liveSessions(db.kysely, user.id, now.toISOString(), idleSince);
      return rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        address: row.address,
        startedAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        current: row.id === user.sessionId,
      }));
    },

    async endSession(user: AuthUser, sessionId: string) {
      const ended = await ownSessions.revokeOwnSession(
        db.kysely,
        user.id,
        sessionId,
        clock.now().toISOString(),
      );
      if (!ended) throw new NotFound(accountMessages.sessionNotFound);
      return { message: accountMessages.sessionEnded };
    },

    async endOtherSessions(user: AuthUser) {
      await ownSessions.revokeOtherSessions(db.kysely, user.id, user.sessionId, clock.now().toISOString());
      return { message: accountMessages.otherSessionsEnded };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
