import type { LoginBody, RegisterFields } from "@visadesk/contract/auth";
import type { AuthUser } from "#api/modules/auth/auth-user";
import type { AuditContext } from "../audit/service";
import type { CheckedImage } from "../files/service";
import * as accounts from "../users/account-records";
import type { AuthServiceDeps } from "./auth-deps";
import { createLoginAttempts, type SignInContext } from "./login-attempts";
import { deleteSecondFactors } from "./mfa-store";
import { forgotPassword, resetPassword } from "./password-reset";
import { registerAccount } from "./registration";
import * as repo from "./repository";
import {
  auditFailedSignIn,
  completeSignIn,
  findAccountById,
  passwordSignIn,
  type SignInAccount,
} from "./sign-in";
import { signOut } from "./sign-out";

/*
 * What other modules use of sign-in and accounts: they import it from here, the module's service, whichever
 * file of the module holds it.
 */
export { mailReaderOfAccount } from "./mail-reader";
export { sendPasswordResetLink } from "./password-reset";
export { accountConflict } from "./registration";

/** Ends every session of an account (new password, deletion): one rule for every module that needs it. */
export const revokeSessionsOf = repo.revokeAllSessions;
/** Ends the account's back-office sessions (a customer's new password keeps their own device signed in). */
export const revokeBackOfficeSessionsOf = repo.revokeBackOfficeSessionsOf;
/** An erased account keeps no reset link. */
export const deletePasswordResetsOf = repo.deletePasswordResetsOf;
/** Sets a new password; it also ends the account's unused reset links. */
export const setPasswordHash = repo.setPasswordHash;
/** An account that is not deleted, by email or username (case-insensitively): the customer API signs in by it. */
export const findAccount = accounts.findAccount;
/** Inserts an account (the customer API's sign-up). */
export const insertAccount = accounts.insertAccount;
/** Removes every second factor of an account (an Admin's reset; the caller ends its sessions). */
export const resetSecondFactors = deleteSecondFactors;

/**
 * The back-office's sign-in, sign-out, registration and password reset, as the routes, the second factors
 * and the customer API call them: each use case is its own file, given the dependencies here.
 */
export function createAuthService(settings: AuthServiceDeps) {
  const deps = { ...settings, attempts: createLoginAttempts({ db: settings.db, clock: settings.clock }) };
  return {
    login: (body: LoginBody, context: SignInContext) => passwordSignIn(deps, body, context),
    completeSignIn: (account: SignInAccount, context: SignInContext) =>
      completeSignIn(deps, account, context),
    /** Audits a failed second step of sign-in (a wrong code, an unknown or unverified passkey). */
    recordFailedSignIn: (account: { guidId: string } | undefined, context: SignInContext) =>
      auditFailedSignIn(deps, account, context),
    findAccountById: (id: number) => findAccountById(deps, id),
    logout: (user: AuthUser, context: AuditContext) => signOut(deps, user, context),
    register: (fields: RegisterFields, profilePic: CheckedImage | undefined, context: AuditContext) =>
      registerAccount(deps, fields, profilePic, context),
    forgotPassword: (email: string, origin: string, context: AuditContext) =>
      forgotPassword(deps, email, origin, context),
    resetPassword: (token: string, password: string, context: AuditContext) =>
      resetPassword(deps, token, password, context),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
