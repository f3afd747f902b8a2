import { z } from "zod";
import { newPasswordSchema } from "./auth";
import { formBoolean, pageQuerySchema, recordVersionSchema, totalIsEstimateSchema } from "./common";
import { deletedWithAppointmentsSchema, deletionChoiceSchema } from "./deletion";
import { exactTotalParamSchema, sortParamSchema } from "./lists";
import { listMessages, USER_SORTS } from "./lists-constants";
import { isBlankOrPhoneNumber, phoneNumberMessages } from "./phone-number";
import { accountStatusSchema, roleSchema } from "./roles";
import { isTimeZone, schedulingMessages, timeZoneInputSchema } from "./scheduling";
import {
  appUserMessages,
  appUserValidationMessages,
  CNIC_PATTERN,
  CNIC_VERIFICATIONS,
} from "./users-constants";

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** Today's date as YYYY-MM-DD in the local time of whoever validates (a birthday has no time zone). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
// Each check stays quiet about values another check reports, so a field shows one message at a time.
const dateOfBirth = required(appUserValidationMessages.dateOfBirth, 10)
  .refine((value) => value === "" || isDate(value), appUserValidationMessages.dateOfBirthInvalid)
  .refine((value) => !isDate(value) || value <= today(), appUserValidationMessages.dateOfBirthFuture);

/** The fields of an app user that add and edit share, by their entity names. */
export const appUserDetailsSchema = z.object({
  userName: required(appUserValidationMessages.userName, 50),
  email: required(appUserValidationMessages.email, 200).pipe(z.email(appUserValidationMessages.emailInvalid)),
  firstName: required(appUserValidationMessages.firstName, 100),
  lastName: required(appUserValidationMessages.lastName, 100),
  phoneNumber: required(appUserValidationMessages.phoneNumber, 30).refine(
    isBlankOrPhoneNumber,
    phoneNumberMessages.phoneNumberInvalid,
  ),
  dateOfBirth,
  cnic: z
    .string({ error: appUserValidationMessages.cnic })
    .trim()
    .min(1, appUserValidationMessages.cnic)
    .regex(CNIC_PATTERN, appUserValidationMessages.cnicFormat),
  address: required(appUserValidationMessages.address, 500),
});
/** IANA zone the person lives in (mails and the details show appointment times in it too); blank = keep / none. */
const timeZone = timeZoneInputSchema;

const password = newPasswordSchema(appUserValidationMessages.password);

/** POST User/adduser, after the multipart names are mapped to entity names. */
export const newAppUserSchema = appUserDetailsSchema.extend({ password, timeZone });
export type NewAppUser = z.infer<typeof newAppUserSchema>;

/**
 * PUT User/update-user. The edit form sends Password although its input is disabled, so Password is
 * ignored on update: only a non-empty NewPassword (a separate, deliberate field) changes the password.
 */
export const appUserUpdateSchema = appUserDetailsSchema.extend({
  timeZone,
  newPassword: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(password.optional()),
});
export type AppUserUpdate = z.infer<typeof appUserUpdateSchema>;

/** The forms' time zone: "" = none given (add) or unchanged (edit), as the API reads a blank one. */
const formTimeZone = z
  .string()
  .refine((value) => value === "" || isTimeZone(value), schedulingMessages.timeZoneInvalid);

/** The add and edit forms of the web app: the shared rules plus the live password confirmation. */
export const appUserFormSchema = (mode: "add" | "edit") =>
  appUserDetailsSchema
    .extend(
      mode === "add"
        ? {
            password,
            confirmPassword: z.string().min(1, appUserValidationMessages.password),
            timeZone: formTimeZone,
          }
        : { password: z.string(), confirmPassword: z.string(), timeZone: formTimeZone },
    )
    .refine((form) => form.password === form.confirmPassword, {
      message: appUserValidationMessages.passwordMismatch,
      path: ["confirmPassword"],
      // Checked live, even while other fields are still empty.
      when: ({ value }) => {
        const form = value as { password?: unknown; confirmPassword?: unknown };
        return typeof form.password === "string" && typeof form.confirmPassword === "string";
      },
    });
export type AppUserForm = z.infer<ReturnType<typeof appUserFormSchema>>;

/** Where staff's check of a customer's CNIC stands. */
export const cnicVerificationSchema = z.enum(CNIC_VERIFICATIONS, {
  error: "Verification must be pending, verified or rejected",
});

/** POST User/users/{id}/cnic-verification: staff's decision on a pending CNIC; a rejection says why. */
export const cnicDecisionBodySchema = z
  .object({
    decision: z.enum(["verified", "rejected"], { error: "Decision must be verified or rejected" }),
    reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
  })
  .refine((body) => body.decision !== "rejected" || Boolean(body.reason), {
    message: "Give a reason: it is sent to the customer",
    path: ["reason"],
  });
export type CnicDecisionBody = z.infer<typeof cnicDecisionBodySchema>;

/** App user / internal user, plus id, status and createdAt. */
export const userSchema = z.object({
  id: z.number().int(),
  guidId: z.string(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  cnic: z.string().nullable(),
  address: z.string().nullable(),
  profilePic: z.string().nullable(),
  cnicFront: z.string().nullable(),
  cnicBack: z.string().nullable(),
  /** The person's own IANA time zone; null = none given (BUSINESS_TIMEZONE). */
  timeZone: z.string().nullable(),
  /** Staff's check of a CNIC the customer sent (customer API): null until one is sent. */
  cnicVerification: cnicVerificationSchema.nullable(),
  userRoles: z.object({ roles: z.array(roleSchema) }),
  status: accountStatusSchema,
  createdAt: z.string(),
  version: recordVersionSchema,
  /** Only for an Admin reading internal accounts (their page, or one): what Unlock and Reset two-factor act on. */
  signIn: z
    .object({
      locked: z.boolean().describe("Locked out by failed sign-ins from some address (Unlock ends it)"),
      twoFactor: z.boolean().describe("Has an authenticator app or a passkey (Reset two-factor removes it)"),
    })
    .optional(),
  /** Only in the deleted list (deleted=true): when the app user was deleted. */
  deletedAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET User/users/{id}: the user plus how many of their appointments were marked a no-show. */
export const userDetailSchema = userSchema.extend({ noShowCount: z.number().int() });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** role=AppUser: the App Users screen; role=internal: every other account (Internal Users screen). */
/** AppUser, internal (Admin and Staff), or one internal role. */
export const userListRoleSchema = z.enum(["AppUser", "internal", "Admin", "Staff"]);
export type UserListRole = z.infer<typeof userListRoleSchema>;

/** deleted=true (Admin only): the deleted app users instead, most recently deleted first, always paged. */
export const userListQuerySchema = pageQuerySchema.extend({
  role: userListRoleSchema.optional(),
  deleted: formBoolean.optional(),
  sort: sortParamSchema(USER_SORTS),
  /** active, pending or rejected: rejected accounts are listed only when asked for. */
  status: z.enum(["active", "pending", "rejected"], { error: listMessages.statusInvalid }).optional(),
  /** The CNIC verification queue: app users whose CNIC check stands so (pending: waiting for staff). */
  verification: cnicVerificationSchema.optional(),
  exactTotal: exactTotalParamSchema,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPageSchema = z.object({
  data: z.array(userSchema),
  total: z.number().int(),
  totalIsEstimate: totalIsEstimateSchema,
});
export type UserPage = z.infer<typeof userPageSchema>;

/** POST User/users/{id}/restore: the app user back, and what the restore could not bring back. */
export const userRestoredSchema = z.object({
  message: z.string(),
  user: userSchema,
  notRestored: z.array(z.string()),
});
export type UserRestored = z.infer<typeof userRestoredSchema>;

/**
 * DELETE User/users/{id}: with upcoming appointments, `appointments` decides their fate as a consultant's
 * delete does: cancel (with a reason, mailed to the customer and each consultant) or keep (flagged:
 * answers carry customerDeleted).
 */
export const deleteAppUserQuerySchema = deletionChoiceSchema;
export const appUserDeletedSchema = deletedWithAppointmentsSchema;
export type AppUserDeleted = z.infer<typeof appUserDeletedSchema>;

export const userIdParamsSchema = z.object({ id: z.string().trim().min(1) });
export const updateUserQuerySchema = z.object({ id: z.string().trim().min(1, appUserMessages.idUndefined) });
