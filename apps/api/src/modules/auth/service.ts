import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  authMessages,
  type LoginBody,
  type LoginResponse,
  RESET_TOKEN_TTL_MINUTES,
  type RegisterFields,
} from "@visadesk/contract/auth";
import type { Db } from "../../db/database";
import { brokenUniqueIndex } from "../../db/errors";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, Unauthorized, ValidationError } from "../../lib/errors";
import type { Mailer } from "../../lib/mailer";
import { hashPassword, timingDummyHash, verifyPassword } from "../../lib/passwords";
import type { CheckedImage, FileService } from "../files/service";
import * as repo from "./repository";
import type { TokenService } from "./tokens";

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  mailer: Mailer;
  files: FileService;
  tokenTtlMinutes: number;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Ends every session of an account (new password, deletion): one rule for every module that needs it. */
export const revokeSessionsOf = repo.revokeAllSessions;

/** Maps a broken unique index of the users table to the 409 that names the field. */
export function accountConflict(error: unknown): Conflict | null {
  const index = brokenUniqueIndex(error);
  if (index === null) return null;
  if (index.includes("email")) return new Conflict(authMessages.emailTaken, "email");
  if (index.includes("user_name")) return new Conflict(authMessages.userNameTaken, "userName");
  if (index.includes("cnic")) return new Conflict("This CNIC number is already registered", "cnic");
  return new Conflict("This record already exists");
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;

  return {
    async login(body: LoginBody): Promise<LoginResponse> {
      const account = await repo.findAccount(db.kysely, { email: body.email, userName: body.userName });
      // Same work and the same answer whether or not the account exists.
      const passwordOk = await verifyPassword(
        account?.passwordHash ?? (await timingDummyHash()),
        body.password,
      );
      if (!account || !passwordOk) throw new Unauthorized(authMessages.wrongCredentials);
      if (account.role === "AppUser") throw new Forbidden(authMessages.appUserForbidden);
      if (account.status === "pending") throw new Forbidden(authMessages.pendingApproval);
      if (account.status === "rejected") throw new Forbidden(authMessages.rejected);

      const now = clock.now();
      const expiresAt = new Date(now.getTime() + deps.tokenTtlMinutes * 60_000);
      const sessionId = randomUUID();
      await repo.insertSession(db.kysely, {
        id: sessionId,
        userId: account.id,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      const accessToken = await deps.tokens.sign({ sessionId, userGuid: account.guidId, expiresAt });
      return {
        accessToken,
        tokenType: "Bearer",
        expiresIn: deps.tokenTtlMinutes * 60,
        user: {
          guidId: account.guidId,
          userName: account.userName,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          roles: [account.role],
        },
      };
    },

    logout: (sessionId: string) => repo.revokeSession(db.kysely, sessionId, clock.now().toISOString()),

    /** The first account of an empty database becomes Admin; later ones wait for an Admin's approval. */
    async register(fields: RegisterFields, profilePic: CheckedImage | undefined) {
      const now = clock.now();
      const passwordHash = await hashPassword(fields.Password);
      try {
        return await db.kysely.transaction().execute(async (trx) => {
          const first = (await repo.countAccounts(trx)) === 0;
          const picture = profilePic
            ? await deps.files.store(profilePic, { isPrivate: false, createdBy: null, at: now })
            : null;
          const user = await repo.insertAccount(trx, {
            guidId: randomUUID(),
            userName: fields.UserName,
            email: fields.Email,
            firstName: fields.FirstName,
            lastName: fields.LastName,
            phoneNumber: fields.PhoneNumber,
            profilePic: picture,
            passwordHash,
            role: first ? "Admin" : "Staff",
            status: first ? "active" : "pending",
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          });
          return {
            message: first ? authMessages.firstAdminRegistered : authMessages.registered,
            user: { guidId: user.guidId, userName: user.userName, email: user.email, status: user.status },
          };
        });
      } catch (error) {
        throw accountConflict(error) ?? error;
      }
    },

    /** Same answer for known and unknown emails; the token is random, stored hashed, single-use, 30 minutes. */
    async forgotPassword(email: string, origin: string): Promise<{ message: string }> {
      const account = await repo.findAccount(db.kysely, { email });
      if (account && account.role !== "AppUser" && account.status === "active") {
        const token = randomBytes(32).toString("base64url");
        const now = clock.now();
        await repo.insertPasswordReset(db.kysely, {
          userId: account.id,
          tokenHash: sha256(token),
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
          createdAt: now.toISOString(),
        });
        const link = `${origin}/forgot-password/reset?token=${token}`;
        await deps.mailer.send({
          to: account.email,
          subject: "Reset your VisaDesk password",
          text: `Hello ${account.firstName ?? account.userName},\n\nTo choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n${link}\n\nIf you did not ask for this, you can ignore this email.`,
        });
      }
      return { message: authMessages.resetRequested };
    },

    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const now = clock.now().toISOString();
      const passwordHash = await hashPassword(password);
      const done = await db.kysely.transaction().execute(async (trx) => {
        const reset = await repo.findUsablePasswordReset(trx, sha256(token), now);
        if (!reset || !(await repo.usePasswordReset(trx, reset.id, now))) return false;
        await repo.setPasswordHash(trx, reset.userId, passwordHash, now);
        // A new password ends every session signed in with the old one.
        await repo.revokeAllSessions(trx, reset.userId, now);
        return true;
      });
      if (!done) throw new ValidationError({ token: authMessages.resetInvalid });
      return { message: authMessages.resetDone };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
