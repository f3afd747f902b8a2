import { secondFactorMessages, settingsFirstMessages } from "./auth-constants";

/** My account: messages of the /settings page and its API, free of zod so any page can import them. */
export const accountMessages = {
  passwordChanged: "Your password has been changed. Your other sessions have been signed out.",
  currentPasswordWrong: "The current password is not correct",
  currentPasswordRequired: "Current password is required",
  samePassword: "Choose a password different from the current one",
  profileUpdated: "Your profile has been updated",
  sessionEnded: "The session has been signed out",
  otherSessionsEnded: "Every other session has been signed out",
  sessionNotFound: "Session not found",
  passwordChangeRequired: settingsFirstMessages.passwordChangeRequired,
  suspended: "This account is suspended. Please contact an administrator.",
} as const;

/** An Admin's control of internal accounts (Internal Users screen). */
export const accountControlMessages = {
  suspended: "Account suspended: its sessions have been signed out",
  reactivated: "Account reactivated: the user can sign in again",
  roleChanged: (role: string) => `Role changed to ${role}: the user's sessions have been signed out`,
  sessionsEnded: "Every session of this account has been signed out",
  lastAdmin: "This is the last active Admin: make another account Admin first",
  notSelf: "You cannot do this to your own account here",
  notSuspended: "This account is not suspended",
  alreadySuspended: "This account is already suspended",
  notActive: "Only an active account can be changed this way",
  internalOnly: "Only back-office accounts can be changed here",
  suspendConfirm:
    "Suspend this account? The person is signed out everywhere and cannot sign in until reactivated.",
  roleConfirm: (role: string) =>
    `Change this account's role to ${role}? The person is signed out everywhere.`,
  endSessionsConfirm: "Sign this account out of every session?",
} as const;

/** Two-factor sign-in: the /settings section, the second step of /login and their API. */
export const mfaMessages = {
  enrolmentRequired: settingsFirstMessages.enrolmentRequired,
  totpStarted: "Scan the QR code with your authenticator app, then enter the 6-digit code it shows.",
  totpAlreadyEnabled: "Two-factor sign-in with an authenticator app is already on",
  totpNotStarted: "Start the set-up again: no authenticator app is waiting to be confirmed",
  totpNotEnabled: "Two-factor sign-in with an authenticator app is not on",
  totpDisabled: "Two-factor sign-in with an authenticator app has been turned off",
  ...secondFactorMessages,
  codeWrong: "The code is not correct, or was already used. Enter the newest code from your app.",
  mfaTokenInvalid: "This sign-in step has expired. Please sign in again with your password.",
  passwordWrong: "The password is not correct",
  recoveryCodesNote:
    "Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They will not be shown again.",
  passkeyAdded: "Passkey added",
  passkeyDeleted: "Passkey deleted",
  passkeyNotFound: "Passkey not found",
  passkeyNameRequired: "Name the passkey (for example, Work laptop)",
  passkeyStepExpired: "This passkey request has expired. Please try again.",
  passkeyUnsupported: "This browser cannot use passkeys",
  resetDone:
    "Two-factor sign-in has been reset: the user's factors are removed and their sessions signed out",
  resetConfirm:
    "Reset two-factor sign-in for this account? Their authenticator app, recovery codes and passkeys are removed, and they are signed out everywhere.",
  reauthenticationRequired: "Confirm your password to change how you sign in",
  reauthenticated: "Confirmed: you can change how you sign in for the next 5 minutes",
  reauthenticationBody: "Enter your password, or a code from your authenticator app or a recovery code",
  recoveryCodesNeedFactor:
    "Turn on an authenticator app or add a passkey first: recovery codes come with them",
} as const;
