import {
  APP_USER_FIELD_DECLARATIONS,
  APP_USER_IMAGE_DECLARATIONS,
  APP_USER_PASSWORD_DECLARATIONS,
} from "./app-user-fields-constants";
import { upcomingDeletionMessages } from "./deletion-constants";
import { USER_SORTS, type UserSort } from "./lists-constants";

/** The user domain's constants and messages, free of zod so any page can import them cheaply. */
/** App users: the screens' toasts and confirm text. */
export const appUserMessages = {
  idUndefined: "AppUser ID is undefined",
  deleteConfirm: "Are you sure you want to delete this app user?",
  deleted: "AppUser deleted successfully",
  deleteFailed: "Failed to delete app user",
  added: "AppUser added successfully!",
  addFailed: "Failed to add app user",
  updated: "AppUser updated successfully!",
  updateFailed: "Failed to update app user",
  loadFailed: "Failed to load app user data",
  /** Server-side, our wording (the spec shows none). */
  notFound: "AppUser not found",
  cnicTaken: "This CNIC number is already registered",
  /** 409s of staff's decision on a customer's CNIC. */
  cnicNotPending: "This customer's CNIC is not waiting for a check",
  cnicStillHeld:
    "Another account holds this CNIC: correct the CNIC of one of the two accounts, or reject this one with a reason",
  restored: "AppUser restored",
  restoreFailed: "Failed to restore app user",
  notDeleted: "This app user is not deleted: there is nothing to restore",
  erased: "This customer erased their account: their personal data is gone and it cannot be restored",
  sessionsNotRestored: "Sessions ended by the delete stay ended: the app user signs in again",
  /** 409 of a restore whose unique value another account took meanwhile. */
  restoreTaken: (field: "userName" | "email" | "cnic") =>
    `Cannot restore: another account now uses this ${field === "userName" ? "username" : field === "email" ? "email" : "CNIC number"}`,
  /** Staff sending an app user a link to choose a new password (our wording). */
  sendPasswordReset: "Send password reset link",
  passwordResetSent: (email: string) => `A password reset link was sent to ${email}`,
  passwordResetRecent: (email: string) =>
    `A password reset link was sent to ${email} less than a minute ago and still works: no new one was sent`,
  passwordResetFailed: "Failed to send the password reset link",
  /** 409: internal accounts ask for their own link on the sign-in page. */
  passwordResetAppUsersOnly: "Only app users are sent a reset link from here: staff use Forgot password",
} as const;

/** An app user's delete with upcoming appointments: the consultants' rule, the customer's side of it. */
export const appUserDeletionMessages = {
  ...upcomingDeletionMessages("app user", appUserMessages.deleted),
  restoreNote: "An administrator can restore the app user; appointments cancelled here stay cancelled.",
} as const;

/** Approving registrations (not in the spec: our wording). */
export const approvalMessages = {
  pendingBadge: "Pending approval",
  approved: "Account approved: the user can now sign in",
  rejected: "Registration rejected",
  approveFailed: "Failed to approve the account",
  rejectFailed: "Failed to reject the registration",
  rejectConfirm: "Are you sure you want to reject this registration?",
  notPending: "This account is not waiting for approval",
  rejectedBadge: "Rejected",
  reopen: "Re-open",
  reopened: "Registration re-opened: it is waiting for approval again",
  reopenFailed: "Failed to re-open the registration",
  notRejected: "This registration is not rejected: there is nothing to re-open",
  notFound: "User not found",
  unlocked: "Sign-in unlocked: failed attempts against this account no longer count",
  unlockFailed: "Failed to unlock sign-in",
  unlockInternalOnly: "Only back-office accounts sign in here",
} as const;

/** List texts of the two user screens. */
export const userListMessages = {
  appUsers: {
    label: "App Users",
    searchPlaceholder: "Search App Users...",
    loading: "Loading App Users...",
    empty: "No App Users found",
    emptySearch: "No App Users found matching your search",
  },
  internalUsers: {
    label: "Internal Users",
    searchPlaceholder: "Search Internal Users...",
    loading: "Loading Internal Users...",
    empty: "No Internal Users found",
    emptySearch: "No Internal Users found matching your search",
  },
} as const;

/** An internal account's own page (read-only, like the list): our wording, the spec has no such page. */
export const internalUserMessages = {
  title: "Internal User",
  loading: "Loading Internal User...",
  loadFailed: "Failed to load internal user",
  twoFactor: "Two-factor",
  twoFactorOn: "Set up (authenticator app or passkey)",
  twoFactorOff: "Not set up",
  cnicImages: "CNIC images",
  cnicFront: "CNIC front",
  cnicBack: "CNIC back",
} as const;

/**
 * Where staff's check of a customer's CNIC stands (the verification queue is "pending"); "conflict": the
 * customer proved their email with a CNIC another account holds, a case for staff.
 */
export const CNIC_VERIFICATIONS = ["pending", "verified", "rejected", "conflict"] as const;
/** The registration states the user lists filter by (without one: every account but the rejected ones). */
export const ACCOUNT_STATUSES = ["active", "pending", "rejected"] as const;

/** The app user page's panel of what the customer does themselves: their CNIC check and their devices. */
export const customerAccountMessages = {
  title: "Customer account",
  cnicCheck: "CNIC check",
  cnicStates: {
    pending: "Pending",
    verified: "Verified",
    rejected: "Rejected",
    conflict: "Conflict: another account holds this CNIC",
    none: "Not sent",
  },
  verify: "Verify CNIC",
  reject: "Reject CNIC",
  rejectTitle: "Reject the CNIC",
  rejectQuestion: "The customer is mailed that their CNIC could not be verified, with this reason.",
  rejectReasonLabel: "Reason",
  rejectReasonHint: "Say what to send again, e.g. the back side is unreadable.",
  rejectReasonRequired: "Give a reason: it is sent to the customer",
  verified: "The CNIC is verified",
  rejected: "The CNIC is rejected",
  decisionFailed: "Failed to record the CNIC check",
  devices: "Devices signed in",
  noDevices: "Not signed in on any device",
  lastUsed: "last used",
  signOutEverywhere: "Sign out everywhere",
  signOutQuestion: "Sign this customer out of every device? They can sign in again with their password.",
  signOutFailed: "Failed to sign the customer out",
  devicesFailed: "Failed to load the devices",
} as const;

type FieldDeclarations = typeof APP_USER_FIELD_DECLARATIONS;
type PasswordDeclarations = typeof APP_USER_PASSWORD_DECLARATIONS;
type ImageDeclarations = typeof APP_USER_IMAGE_DECLARATIONS;
const multipartNamesOf = <D extends Record<string, { multipart: string }>>(declarations: D) =>
  Object.fromEntries(Object.entries(declarations).map(([name, { multipart }]) => [name, multipart])) as {
    [F in keyof D]: D[F]["multipart"];
  };

/** The multipart field names of adduser and update-user, by entity name: the fields, then the passwords. */
export const APP_USER_MULTIPART_FIELDS = {
  ...multipartNamesOf<FieldDeclarations>(APP_USER_FIELD_DECLARATIONS),
  ...multipartNamesOf<PasswordDeclarations>(APP_USER_PASSWORD_DECLARATIONS),
};
/** What the edit form (update-user) sends besides them: the app user's id, and the version it loaded. */
export const APP_USER_EDIT_FIELDS = { guidId: "GuidId", version: "version" } as const;
/** The optional image files, by the answer field that keeps each one's path. */
export const APP_USER_FILE_FIELDS = multipartNamesOf<ImageDeclarations>(APP_USER_IMAGE_DECLARATIONS);

/** The users lists' sort parameter: a column's field, "-" first for descending. */
export type UserSortParam = UserSort | `-${UserSort}`;
export const USER_SORT_PARAMS: readonly UserSortParam[] = [
  ...USER_SORTS,
  ...USER_SORTS.map((field) => `-${field}` as const),
];
/** A sort read from an address, if it is one the users lists know. */
export const userSortParam = (value: string | undefined): UserSortParam | undefined =>
  USER_SORT_PARAMS.find((known) => known === value);
