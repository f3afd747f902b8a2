/**
 * What a person sends to change their own password or profile, and the /settings forms that check it as they
 * type. Apart from the account's other schemas: /settings builds these few, not the whole account's.
 */
import { z } from "zod";
import { accountMessages } from "./account-constants";
import { PASSWORDS_DO_NOT_MATCH } from "./auth-constants";
import { newPasswordSchema } from "./password";
import { isBlankOrPhoneNumber, phoneNumberMessages } from "./phone-number";

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
