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
  passwordChangeRequired: "Choose a new password before you continue: yours was a one-time password.",
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
