/** The auth domain's constants and messages, free of zod so any page can import them cheaply. */
/** Browser storage keys. */
export const STORAGE_KEYS = { accessToken: "access_token", user: "access_USER" } as const;
/** The HttpOnly cookie set at sign-in that the token is bound to: API clients send it back with the token. */
export const BINDING_COOKIE = "token_binding";
/** Public paths, matched by exact path or by prefix. */
export const PUBLIC_PATHS = ["/login", "/register", "/forgot-password"] as const;
/** Request timeout of the main client. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The route guard's toasts and the session messages. */
export const authMessages = {
  loginRequired: "Please login to access this page",
  sessionExpired: "Session expired, please login again",
  authFailed: "Authentication failed. Please login again.",
  wrongCredentials: "Invalid email, username or password",
  appUserForbidden: "This account cannot sign in to the back-office",
  pendingApproval: "Your account is waiting for an administrator's approval",
  rejected: "Your registration was not approved. Please contact an administrator.",
  registered: "Registration received. An administrator must approve your account before you can sign in.",
  firstAdminRegistered: "Your administrator account is ready. Please sign in.",
  resetRequested: "If an account exists for this email, a password reset link has been sent to it.",
  resetDone: "Your password has been reset. Please sign in with the new password.",
  /** An app user has no back-office sign-in: the new password is for the mobile app. */
  resetDoneAppUser: "Your password has been reset. Sign in to the VisaDesk mobile app with the new password.",
  resetInvalid: "This password reset link is invalid or has expired",
  loggedOut: "Signed out",
  userNameTaken: "This username is already taken",
  emailTaken: "This email is already registered",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordTooCommon: "This password is too common. Choose a less common one.",
  /** The hint under every field where a person chooses a password. */
  passwordPolicyHint: "8 to 128 characters. Commonly used passwords are refused.",
} as const;

/** The 429 of a locked sign-in: says when to try again, in whole minutes. */
export const signInLockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;

/** Validation messages of the sign-in, registration and reset forms and calls. */
export const authValidationMessages = {
  loginRequired: "Email or username is required",
  passwordRequired: "Password is required",
} as const;

/** Length only, no composition rules (ASVS 2.1); the server also refuses the most common passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Password reset links are valid for 30 minutes. */
export const RESET_TOKEN_TTL_MINUTES = 30;

/** Passwords do not match (also used by the public forms). */
/**
 * Why a signed-in person is sent to Settings before anything else (the API refuses their other calls in the
 * same words). Here rather than with the account's messages: every page's first download needs only these.
 */
export const settingsFirstMessages = {
  passwordChangeRequired: "Choose a new password before you continue: yours was a one-time password.",
  enrolmentRequired:
    "Set up two-factor sign-in before you continue: an authenticator app or a passkey is required for every account.",
} as const;

/** The second step of sign-in (a code or a passkey): what /login says of it. */
export const secondFactorMessages = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeFormat: "Enter the 6-digit code from your authenticator app",
  passkeyFailed: "The passkey could not be verified. Try again, or sign in with your password.",
} as const;

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
