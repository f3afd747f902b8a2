import { z } from "zod";
import { accountMessages } from "./account-constants";
import { newPasswordSchema } from "./auth";
import { PASSWORDS_DO_NOT_MATCH } from "./auth-constants";
import { timestampSchema } from "./common";
import { isBlankOrPhoneNumber, phoneNumberMessages } from "./phone-number";
import { roleSchema } from "./roles";
import { userSchema } from "./users";

/** GET account: the signed-in person's own profile. */
export const myAccountSchema = userSchema
  .pick({
    guidId: true,
    userName: true,
    email: true,
    firstName: true,
    lastName: true,
    phoneNumber: true,
    profilePic: true,
  })
  .extend({
    roles: z.array(roleSchema),
    /** True until a one-time password has been replaced: nothing else works until then. */
    passwordChangeRequired: z.boolean(),
  });
export type MyAccount = z.infer<typeof myAccountSchema>;

/** POST account/change-password. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(1024),
  newPassword: newPasswordSchema(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);

/** PUT account/profile, multipart: FirstName, LastName, PhoneNumber, ProfilePic (a file; absent keeps it). */
export const profileFieldsSchema = z.object({
  FirstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  LastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  PhoneNumber: optionalText(30, "Phone number must be at most 30 characters").refine(
    isBlankOrPhoneNumber,
    phoneNumberMessages.phoneNumberInvalid,
  ),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** GET account/sessions: one signed-in session of mine. */
export const mySessionSchema = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent ("Chrome 131 on Linux"). */
  device: z.string(),
  address: z.string().nullable(),
  startedAt: timestampSchema,
  lastSeenAt: timestampSchema,
  /** The session this request came from. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** PUT User/users/{id}/role. */
export const roleBodySchema = z.object({
  role: z.enum(["Admin", "Staff"], { error: "Role must be Admin or Staff" }),
});

/** The password section of /settings: the call's fields plus the confirmation, checked live. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, "Please confirm the new password") })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The profile section of /settings. */
export const profileFormSchema = z.object({
  FirstName: z.string().trim().min(1, "First name is required").max(100),
  LastName: z.string().trim().min(1, "Last name is required").max(100),
  PhoneNumber: z
    .string()
    .trim()
    .max(30, "Phone number must be at most 30 characters")
    .refine(isBlankOrPhoneNumber, phoneNumberMessages.phoneNumberInvalid),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
