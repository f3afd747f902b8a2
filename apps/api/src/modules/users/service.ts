import { accountControlMessages, mfaMessages } from "@visadesk/contract/account-constants";
import type { DeletionChoice } from "@visadesk/contract/deletion";
import type {
  AppUserDeleted,
  AppUserUpdate,
  NewAppUser,
  User,
  UserDetail,
  UserListQuery,
  UserPage,
  UserRestored,
} from "@visadesk/contract/users";
import {
  approvalMessages,
  appUserDeletionMessages,
  appUserMessages,
} from "@visadesk/contract/users-constants";
import { linkOrigin } from "#api/config";
import { brokenUniqueIndex } from "#api/db/errors";
import type { Executor } from "#api/db/schema";
import { idSpan } from "#api/db/search";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { Conflict, Forbidden, NotFound } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { type CsvColumn, type CsvRows, csvRows, EXPORT_PAGE, mapPages, pageWindow } from "#api/lib/lists";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import { StaleVersion } from "#api/lib/versions";
import {
  cancellationMails,
  countCancelledByDelete,
  countUpcomingAppointments,
  settleUpcoming,
} from "../appointments/deleted-party";
import {
  type AuditChanges,
  changesBetween,
  currentAuditContext,
  recordChange,
  recordExport,
} from "../audit/service";
import { clearSignInFailures, lockedAccountIds } from "../auth/login-attempts";
import {
  accountConflict,
  resetSecondFactors,
  revokeSessionsOf,
  sendPasswordResetLink,
} from "../auth/service";
import type { CheckedImage } from "../files/service";
import { noShowCount } from "../scheduling/service";
import {
  headerTerm,
  passOf,
  passTotal,
  readsWindow,
  SEARCH_WINDOW,
  type SharedPasses,
  sharedPasses,
  windowTotal,
} from "../search/window";
import * as repo from "./repository";

/** The three images of an app user; an absent one keeps the stored image. */
export interface AppUserImages {
  profilePic?: CheckedImage | undefined;
  cnicFront?: CheckedImage | undefined;
  cnicBack?: CheckedImage | undefined;
}

/** The fields an app user's add and edit forms both write. */
const profileOf = (fields: NewAppUser | AppUserUpdate) => ({
  userName: fields.userName,
  email: fields.email,
  firstName: fields.firstName,
  lastName: fields.lastName,
  phoneNumber: fields.phoneNumber,
  dateOfBirth: fields.dateOfBirth,
  cnic: fields.cnic,
  address: fields.address,
  // Absent = keep the stored zone (the spec's form sends none).
  ...(fields.timeZone ? { timeZone: fields.timeZone } : {}),
});

/** An account's fields its history records (never its password hash, recorded only as "changed"). */
const AUDITED_FIELDS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "dateOfBirth",
  "cnic",
  "address",
  "timeZone",
  "role",
  "status",
] as const satisfies ReadonlyArray<keyof repo.ListedUser>;

/** New images are recorded as "changed": neither their bytes nor their private paths go in. */
function imageChanges(paths: {
  profilePic?: string | undefined;
  cnicFront?: string | undefined;
  cnicBack?: string | undefined;
}) {
  const changes: AuditChanges = {};
  for (const field of ["profilePic", "cnicFront", "cnicBack"] as const) {
    if (paths[field]) changes[field] = "changed";
  }
  return changes;
}

/** The answer shape: one role column answered as userRoles.roles. */
/**
 * An Admin's page of internal accounts: whether each is locked out of signing in and has two-factor set up,
 * so the row offers Unlock and Reset two-factor only where they do something. Two queries per page.
 */
async function withSignInState(db: Executor, rows: repo.ListedUser[], users: User[], now: Date) {
  const [locked, twoFactor] = await Promise.all([
    lockedAccountIds(db, rows, now),
    repo.withTwoFactor(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return users.map((user) => ({
    ...user,
    signIn: { locked: locked.has(user.id), twoFactor: twoFactor.has(user.id) },
  }));
}

export function toUser({ role, suspendedAt, ...row }: repo.ListedUser): User {
  return { ...row, status: suspendedAt ? "suspended" : row.status, userRoles: { roles: [role] } };
}

/**
 * What the export writes of an account, picked field by field: a copy of the whole record with a spread
 * (as toUser makes) per row made the export's memory grow with the rows (see consultants' exportRows).
 */
function exportedUser(row: repo.ListedUser) {
  return {
    guidId: row.guidId,
    userName: row.userName,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    dateOfBirth: row.dateOfBirth,
    cnic: row.cnic,
    address: row.address,
    role: row.role,
    status: row.suspendedAt ? ("suspended" as const) : row.status,
    createdAt: row.createdAt,
  };
}
export type ExportedUser = ReturnType<typeof exportedUser>;

export function createUserService(deps: AppDeps) {
  const { db, clock } = deps;

  /**
   * Stores the images sent, in the transaction of the user's write so a refused write leaves no file behind;
   * the profile picture is public, CNIC images are personal data (private).
   */
  async function storeImages(trx: Executor, images: AppUserImages, createdBy: string, at: Date) {
    const store = (image: CheckedImage | undefined, isPrivate: boolean) =>
      image ? deps.files.store(image, { isPrivate, createdBy, at }, trx) : Promise.resolve(undefined);
    return {
      profilePic: await store(images.profilePic, false),
      cnicFront: await store(images.cnicFront, true),
      cnicBack: await store(images.cnicBack, true),
    };
  }

  /** An app user that may be edited or deleted here; internal accounts are read-only. */
  async function findAppUser(guidId: string) {
    const user = await repo.findUser(db.kysely, guidId);
    if (!user) throw new NotFound(appUserMessages.notFound);
    if (user.role !== "AppUser") throw new Forbidden("Internal users are read-only");
    return user;
  }

  const filterOf = (query: UserListQuery): repo.UserFilter => ({
    role: query.role,
    search: query.search || undefined,
    status: query.status,
    verification: query.verification,
  });

  async function get(guidId: string): Promise<User> {
    const user = await repo.findUser(db.kysely, guidId);
    if (!user) throw new NotFound(approvalMessages.notFound);
    return toUser(user);
  }

  return {
    get,

    /**
     * The single user's answer: with their no-show count (read fresh, never part of a list), and for an
     * Admin reading an internal account, its sign-in state as the Internal Users list has it.
     */
    async detail(guidId: string, options: { signIn?: boolean } = {}): Promise<UserDetail> {
      const row = await repo.findUser(db.kysely, guidId);
      if (!row) throw new NotFound(approvalMessages.notFound);
      const user = toUser(row);
      const [withState] =
        options.signIn && row.role !== "AppUser"
          ? await withSignInState(db.kysely, [row], [user], clock.now())
          : [user];
      return { ...(withState ?? user), noShowCount: await noShowCount(db.kysely, { userId: user.id }) };
    },

    /** Without page/pageSize: the whole list (an array, as the spec says); with them: one page plus total. */
    async list(query: UserListQuery, options: { signIn?: boolean } = {}): Promise<User[] | UserPage> {
      if (query.deleted) {
        const { rows, total } = await repo.pageOfDeletedAppUsers(
          db,
          query.search || undefined,
          pageWindow(query),
        );
        return { data: rows.map((row) => ({ ...toUser(row), deletedAt: row.deletedAt })), total };
      }
      const filter = filterOf(query);
      if (query.page === undefined && query.pageSize === undefined) {
        return (await repo.listUsers(db, filter, query.sort)).map(toUser);
      }
      const { rows, total } = await repo.pageOfUsers(
        db,
        filter,
        pageWindow(query),
        query.sort,
        query.exactTotal,
      );
      const data = rows.map(toUser);
      if (!options.signIn || !filter.role || filter.role === "AppUser") return { data, ...total };
      return { data: await withSignInState(db.kysely, rows, data, clock.now()), ...total };
    },

    /**
     * The header search's accounts of one kind (modules/search/window.ts): the newest matches of the list's
     * search and of the phone number's and CNIC's digits, and how many match.
     */
    async search(
      text: string,
      role: "AppUser" | "internal",
      limit: number,
      passes: SharedPasses = sharedPasses(),
    ) {
      const term = headerTerm(text);
      const population = await repo.rolePopulation(db, role);
      if (readsWindow(term, population)) {
        const { rows, window } = await repo.usersInWindow(db, role, term, limit, SEARCH_WINDOW);
        return { items: rows.map(toUser), ...windowTotal(window, population) };
      }
      const pass = await passOf(db, passes, "users", term);
      const [{ rows, hits }, span] = await Promise.all([
        repo.usersAmong(db, role, pass.ids, limit),
        pass.complete ? undefined : idSpan(db, "users"),
      ]);
      return { items: rows.map(toUser), ...passTotal(hits, pass, span) };
    },

    /** The export is audited before its first row goes out. */
    recordExport: (query: object) => recordExport(db.kysely, "user", query, clock.now()),

    /** Every account the list's query finds, in its order: written by PostgreSQL, or read a page at a time. */
    exportRows: (query: UserListQuery, columns: readonly CsvColumn<ExportedUser>[]): CsvRows<ExportedUser> =>
      csvRows(db, columns, {
        copy: async (cells) => [repo.copyUsers(db, filterOf(query), query.sort, cells)],
        pages: () => mapPages(repo.exportUsers(db, filterOf(query), query.sort, EXPORT_PAGE), exportedUser),
      }),

    async addAppUser(fields: NewAppUser, images: AppUserImages, createdBy: string): Promise<User> {
      assertAcceptablePassword(fields.password, "password");
      const now = clock.now();
      const passwordHash = await hashPassword(fields.password);
      const guidId = newGuid();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          const paths = await storeImages(trx, images, createdBy, now);
          const row = {
            ...profileOf(fields),
            guidId,
            profilePic: paths.profilePic ?? null,
            cnicFront: paths.cnicFront ?? null,
            cnicBack: paths.cnicBack ?? null,
            passwordHash,
            role: "AppUser" as const,
            status: "active" as const,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          };
          await repo.insertUser(trx, row);
          await recordChange(trx, {
            action: "create",
            entity: "user",
            entityId: guidId,
            changes: {
              ...changesBetween(null, row, AUDITED_FIELDS),
              password: "changed",
              ...imageChanges(paths),
            },
            at: now,
          });
        });
      } catch (error) {
        throw accountConflict(error) ?? error;
      }
      return get(guidId);
    },

    async updateAppUser(
      guidId: string,
      fields: AppUserUpdate,
      images: AppUserImages,
      updatedBy: string,
      expected?: number,
    ): Promise<User> {
      if (fields.newPassword) assertAcceptablePassword(fields.newPassword, "newPassword");
      const user = await findAppUser(guidId);
      const now = clock.now();
      // The stored password changes only when a new one is deliberately sent (never the edit form's).
      const passwordHash = fields.newPassword ? await hashPassword(fields.newPassword) : undefined;
      try {
        await db.kysely.transaction().execute(async (trx) => {
          const paths = await storeImages(trx, images, updatedBy, now);
          const updated = await repo.updateUser(
            trx,
            user.id,
            {
              ...profileOf(fields),
              ...(paths.profilePic ? { profilePic: paths.profilePic } : {}),
              ...(paths.cnicFront ? { cnicFront: paths.cnicFront } : {}),
              ...(paths.cnicBack ? { cnicBack: paths.cnicBack } : {}),
              ...(passwordHash ? { passwordHash } : {}),
              updatedAt: now.toISOString(),
            },
            expected,
          );
          // Thrown inside the transaction: the images stored for this save are dropped with it.
          if (!updated) {
            throw (await repo.findUser(trx, guidId))
              ? new StaleVersion()
              : new NotFound(appUserMessages.notFound);
          }
          if (passwordHash) await revokeSessionsOf(trx, user.id, now.toISOString());
          await recordChange(trx, {
            action: "update",
            entity: "user",
            entityId: user.guidId,
            changes: {
              ...changesBetween(user, { ...user, ...profileOf(fields) }, AUDITED_FIELDS),
              ...(passwordHash ? { password: "changed" as const } : {}),
              ...imageChanges(paths),
            },
            at: now,
          });
        });
      } catch (error) {
        throw accountConflict(error) ?? error;
      }
      return get(guidId);
    },

    /** Upcoming, not cancelled appointments that deleting the app user would leave behind. */
    async deletionImpact(guidId: string) {
      const user = await findAppUser(guidId);
      const today = localDate(clock.now(), deps.config.businessTimeZone);
      return {
        upcomingAppointments: await countUpcomingAppointments(
          db.kysely,
          { kind: "app user", userId: user.id },
          today,
        ),
      };
    },

    /**
     * Soft delete: the account leaves lists and counts, its sessions end. Its upcoming appointments follow
     * the consultants' rule (appointments/deleted-party.ts): cancelled with a reason (the customer and each
     * consultant mailed once the delete is committed) or kept, flagged customerDeleted.
     */
    async deleteAppUser(guidId: string, decision: DeletionChoice, by: string): Promise<AppUserDeleted> {
      const user = await findAppUser(guidId);
      const now = clock.now();
      const at = now.toISOString();
      const today = localDate(now, deps.config.businessTimeZone);
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const settled = await settleUpcoming(
          trx,
          { kind: "app user", userId: user.id },
          { choice: decision.appointments, reason: decision.reason },
          { today, at: now, by },
        );
        await repo.softDeleteUser(trx, user.id, at);
        await revokeSessionsOf(trx, user.id, at);
        const cancelled = settled.cancelled.length;
        await recordChange(trx, {
          action: "delete",
          entity: "user",
          entityId: user.guidId,
          changes: {
            deletedAt: { from: null, to: at },
            ...(cancelled > 0 ? { cancelledAppointments: { from: 0, to: cancelled } } : {}),
          },
          at: now,
        });
        return settled;
      });
      // After the commit: no one is told of a cancel that was rolled back.
      await Promise.allSettled(
        cancellationMails("app user", outcome.cancelled, outcome.reason, deps.config).map((mail) =>
          deps.mailer.send(mail),
        ),
      );
      return {
        message: appUserDeletionMessages.deletedResult(outcome.cancelled.length, outcome.kept),
        cancelledAppointments: outcome.cancelled.length,
        keptAppointments: outcome.kept,
      };
    },

    /**
     * An Admin's restore of a deleted app user, with everything the delete left in place (profile, images,
     * appointments). Its sessions stay ended. When another account took its username, email or CNIC
     * meanwhile, the unique index refuses the one UPDATE: 409 naming the field, and nothing is restored.
     */
    async restoreAppUser(guidId: string): Promise<UserRestored> {
      const user = await repo.findUserEvenDeleted(db.kysely, guidId);
      if (user?.role !== "AppUser") throw new NotFound(appUserMessages.notFound);
      if (!user.deletedAt) throw new Conflict(appUserMessages.notDeleted);
      if (user.erasedAt) throw new Conflict(appUserMessages.erased);
      const now = clock.now();
      const at = now.toISOString();
      let cancelled = 0;
      try {
        await db.kysely.transaction().execute(async (trx) => {
          if (!(await repo.restoreUser(trx, user.id, at))) throw new Conflict(appUserMessages.notDeleted);
          cancelled = await countCancelledByDelete(
            trx,
            { kind: "app user", userId: user.id },
            user.deletedAt!,
          );
          await recordChange(trx, {
            action: "restore",
            entity: "user",
            entityId: user.guidId,
            changes: { deletedAt: { from: user.deletedAt, to: null } },
            at: now,
          });
        });
      } catch (error) {
        const index = brokenUniqueIndex(error);
        if (index === null) throw error;
        const field = index.includes("email") ? "email" : index.includes("cnic") ? "cnic" : "userName";
        throw new Conflict(appUserMessages.restoreTaken(field), field);
      }
      return {
        message: appUserMessages.restored,
        user: await get(guidId),
        notRestored: [
          appUserMessages.sessionsNotRestored,
          ...(cancelled > 0 ? [appUserDeletionMessages.deletedCancelled(cancelled)] : []),
        ],
      };
    },

    /** An Admin's decision on a registration waiting for approval (see connect/register). */
    async decide(guidId: string, decision: "approve" | "reject"): Promise<{ message: string; user: User }> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      const status = decision === "approve" ? "active" : "rejected";
      const now = clock.now();
      const at = now.toISOString();
      const decided = await db.kysely.transaction().execute(async (trx) => {
        if (!(await repo.decidePending(trx, user.id, status, at))) return false;
        await recordChange(trx, {
          action: decision,
          entity: "user",
          entityId: user.guidId,
          changes: { status: { from: user.status, to: status } },
          at: now,
        });
        // A rejected account keeps no session (it had none to keep while pending, but say so in one place).
        if (decision === "reject") await revokeSessionsOf(trx, user.id, at);
        return true;
      });
      if (!decided) throw new Conflict(approvalMessages.notPending);
      if (decision === "approve") {
        await deps.mailer.send({
          to: user.email,
          subject: `Your ${deps.config.companyName} account is ready`,
          // No name in it: the one typed at registration may not be the mailbox owner's.
          text: `Hello,\n\nAn administrator approved your ${deps.config.companyName} account. You can now sign in with your email or username.`,
        });
      }
      return {
        message: decision === "approve" ? approvalMessages.approved : approvalMessages.rejected,
        user: { ...toUser(user), status },
      };
    },

    /**
     * An Admin's second look at a rejected registration: back to pending approval (the list shows it with
     * Approve and Reject again), recorded in its history. It still cannot sign in until approved.
     */
    async reopen(guidId: string): Promise<{ message: string; user: User }> {
      const user = await repo.findUserAnyStatus(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      const now = clock.now();
      const reopened = await db.kysely.transaction().execute(async (trx) => {
        // Conditional on the status, so two Admins re-opening at once record it once.
        if (!(await repo.reopenRejected(trx, user.id, now.toISOString()))) return false;
        await recordChange(trx, {
          action: "reopen",
          entity: "user",
          entityId: user.guidId,
          changes: { status: { from: "rejected", to: "pending" } },
          at: now,
        });
        return true;
      });
      if (!reopened) throw new Conflict(approvalMessages.notRejected);
      return { message: approvalMessages.reopened, user: toUser({ ...user, status: "pending" }) };
    },

    /**
     * An Admin's control of another internal account: suspend, reactivate, change role, end sessions, reset
     * the second factors (authenticator app, recovery codes, passkeys). Each
     * ends the account's sessions in the same transaction as the change, so it counts from the next
     * request on every replica; the last active Admin can be neither suspended nor demoted.
     */
    async control(
      actor: { id: number },
      guidId: string,
      action:
        | { kind: "suspend" }
        | { kind: "reactivate" }
        | { kind: "role"; role: "Admin" | "Staff" }
        | { kind: "end-sessions" }
        | { kind: "reset-mfa" },
    ): Promise<{ message: string; user: User }> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      if (user.role === "AppUser") throw new Conflict(accountControlMessages.internalOnly);
      if (user.status !== "active") throw new Conflict(accountControlMessages.notActive);
      if (user.id === actor.id && action.kind !== "end-sessions")
        throw new Conflict(accountControlMessages.notSelf);
      const now = clock.now();
      const at = now.toISOString();
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const demotes =
          user.role === "Admin" &&
          (action.kind === "suspend" || (action.kind === "role" && action.role === "Staff"));
        if (demotes) {
          const admins = await repo.lockActiveAdmins(trx, db.dialect);
          if (admins.length <= 1 && admins.includes(user.id))
            throw new Conflict(accountControlMessages.lastAdmin);
        }
        let message: string;
        let next = user;
        switch (action.kind) {
          case "suspend":
            if (user.suspendedAt) throw new Conflict(accountControlMessages.alreadySuspended);
            await repo.setSuspended(trx, user.id, at, at);
            next = { ...user, suspendedAt: at };
            message = accountControlMessages.suspended;
            break;
          case "reactivate":
            if (!user.suspendedAt) throw new Conflict(accountControlMessages.notSuspended);
            await repo.setSuspended(trx, user.id, null, at);
            next = { ...user, suspendedAt: null };
            message = accountControlMessages.reactivated;
            break;
          case "role":
            await repo.setRole(trx, user.id, action.role, at);
            next = { ...user, role: action.role };
            message = accountControlMessages.roleChanged(action.role);
            break;
          case "end-sessions":
            message = accountControlMessages.sessionsEnded;
            break;
          case "reset-mfa":
            await resetSecondFactors(trx, user.id);
            message = mfaMessages.resetDone;
            break;
        }
        await revokeSessionsOf(trx, user.id, at);
        const answer = toUser(next);
        await recordChange(trx, {
          action: "update",
          entity: "user",
          entityId: user.guidId,
          changes:
            action.kind === "reset-mfa"
              ? { secondFactors: "changed", sessions: "changed" }
              : {
                  ...changesBetween(toUser(user), answer, ["status"]),
                  ...changesBetween(user, next, ["role"]),
                  sessions: "changed",
                },
          at: now,
        });
        return { message, user: answer };
      });
      return changed;
    },

    /**
     * Staff mail an app user a link to choose a new password (app users sign in on the customer site, not
     * here). The same link and token as the customer's Forgot password; internal accounts ask for their own.
     */
    async sendPasswordReset(guidId: string): Promise<{ message: string }> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(appUserMessages.notFound);
      if (user.role !== "AppUser") throw new Conflict(appUserMessages.passwordResetAppUsersOnly);
      const sent = await sendPasswordResetLink(
        { ...deps, companyName: deps.config.companyName, customerSiteBase: deps.config.customerSiteBase },
        user,
        linkOrigin(deps.config),
        currentAuditContext(),
      );
      // Within a minute of the last link: that one still works, and no second mail goes.
      return {
        message: sent
          ? appUserMessages.passwordResetSent(user.email)
          : appUserMessages.passwordResetRecent(user.email),
      };
    },

    /**
     * An Admin's unlock: every sign-in lock and slow-down that failed attempts left on the account ends,
     * recorded with how many failures it cleared.
     */
    async unlockSignIn(guidId: string): Promise<{ message: string }> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      if (user.role === "AppUser") throw new Conflict(approvalMessages.unlockInternalOnly);
      await db.kysely.transaction().execute(async (trx) => {
        const cleared = await clearSignInFailures(trx, user.id);
        await recordChange(trx, {
          action: "unlock",
          entity: "user",
          entityId: user.guidId,
          changes: cleared > 0 ? { signInFailures: { from: cleared, to: 0 } } : {},
          at: clock.now(),
        });
      });
      return { message: approvalMessages.unlocked };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
