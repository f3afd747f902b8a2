import { z } from "zod";
import { authMessages, authValidationMessages, PASSWORDS_DO_NOT_MATCH } from "./auth-constants";
import { newPasswordSchema } from "./password";
import { isBlankOrPhoneNumber, phoneNumberMessages } from "./phone-number";
import { roleSchema } from "./roles";

export const loginBodySchema = z
  .object({
    email: z.string().trim().optional(),
    userName: z.string().trim().optional(),
    password: z.string().min(1, authValidationMessages.passwordRequired),
  })
  .refine((body) => Boolean(body.email || body.userName), {
    message: authValidationMessages.loginRequired,
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
  /** Present and true when the password was a one-time one: only choosing a new one works until then. */
  passwordChangeRequired: z.boolean().optional(),
  /** Present and true when REQUIRE_MFA is on and no second factor is enrolled: only enrolment works. */
  mfaEnrolmentRequired: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The longest reset token the server takes: the ones it mails are 43 characters. */
export const RESET_TOKEN_MAX_LENGTH = 128;
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST connect/register, multipart. Field names keep their casing on the wire. */
export const registerFieldsSchema = z.object({
  UserName: required("Username is required").max(50),
  Email: required("Email is required").pipe(z.email("Invalid email address")),
  FirstName: required("First name is required").max(100),
  LastName: required("Last name is required").max(100),
  PhoneNumber: required("Phone number is required")
    .max(30)
    .refine(isBlankOrPhoneNumber, phoneNumberMessages.phoneNumberInvalid),
  Password: newPasswordSchema(),
});
export type RegisterFields = z.infer<typeof registerFieldsSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ guidId: z.string(), userName: z.string(), email: z.string(), status: z.string() }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const forgotPasswordBodySchema = z.object({
  // No address is longer (RFC 5321): the same refusal as any other address that is not one.
  email: required("Email is required")
    .max(254, "Invalid email address")
    .pipe(z.email("Invalid email address")),
});
export const resetPasswordBodySchema = z.object({
  // The emailed token is 43 characters (32 random bytes, base64url): a longer one is no link of ours.
  token: required("The reset token is missing").max(RESET_TOKEN_MAX_LENGTH, authMessages.resetInvalid),
  password: newPasswordSchema(),
});

/**
 * The answer of a reset: which kind of account the link was for, so the page says where the new password
 * works. Only a valid link gets this answer (an invalid one is a 400), so it tells nobody which emails exist.
 */
export const resetPasswordResponseSchema = z.object({
  message: z.string(),
  accountKind: z
    .enum(["app-user", "internal"])
    .describe("app-user: the new password is for the mobile app; internal: for the back-office sign-in"),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export { type LoginForm, loginFormSchema } from "./login-form";

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
