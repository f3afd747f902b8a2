import { z } from "zod";
import { roleSchema } from "./roles";

/** Spec section 9: browser storage keys. */
export const STORAGE_KEYS = { accessToken: "access_token", user: "access_USER" } as const;
/** Spec section 9: public paths, matched by exact path or by prefix. */
export const PUBLIC_PATHS = ["/login", "/register", "/forgot-password"] as const;
/** Spec section 9: request timeout of the main client. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Spec section 4 and 8: the route guard's toasts and the session messages. */
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
  resetInvalid: "This password reset link is invalid or has expired",
  loggedOut: "Signed out",
  userNameTaken: "This username is already taken",
  emailTaken: "This email is already registered",
  passwordTooShort: "Password must be at least 8 characters",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Password reset links are valid for 30 minutes. */
export const RESET_TOKEN_TTL_MINUTES = 30;

export const loginBodySchema = z
  .object({
    email: z.string().trim().optional(),
    userName: z.string().trim().optional(),
    password: z.string().min(1, "Password is required"),
  })
  .refine((body) => Boolean(body.email || body.userName), {
    message: "Email or username is required",
    path: ["email"],
  });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  guidId: z.string(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(roleSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST connect/register, multipart (spec section 7). Field names keep the spec's casing. */
export const registerFieldsSchema = z.object({
  UserName: required("Username is required").max(50),
  Email: required("Email is required").pipe(z.email("Invalid email address")),
  FirstName: required("First name is required").max(100),
  LastName: required("Last name is required").max(100),
  PhoneNumber: required("Phone number is required").max(30),
  Password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort),
});
export type RegisterFields = z.infer<typeof registerFieldsSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ guidId: z.string(), userName: z.string(), email: z.string(), status: z.string() }),
});

export const forgotPasswordBodySchema = z.object({
  email: required("Email is required").pipe(z.email("Invalid email address")),
});
export const resetPasswordBodySchema = z.object({
  token: required("The reset token is missing"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort),
});

/** Passwords do not match (spec section 5, also used by the public forms). */
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** The sign-in form: one box for the email or the username; the page sends whichever it is. */
export const loginFormSchema = z.object({
  login: required("Email or username is required"),
  password: z.string().min(1, "Password is required"),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The registration form: the multipart fields plus the confirmation, checked live. */
export const registerFormSchema = registerFieldsSchema
  .extend({ ConfirmPassword: z.string().min(1, "Please confirm the password") })
  .refine((form) => form.Password === form.ConfirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["ConfirmPassword"],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The new-password form of the reset page (the token comes from the link). */
export const resetPasswordFormSchema = resetPasswordBodySchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, "Please confirm the password") })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
