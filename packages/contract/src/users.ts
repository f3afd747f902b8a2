import { z } from "zod";
import { appUserFieldRules } from "./app-user-field-rules";
import {
  APP_USER_FIELD_DECLARATIONS,
  APP_USER_IMAGE_DECLARATIONS,
  type AppUserField,
  type AppUserImageField,
  REQUIRED_APP_USER_FIELDS,
} from "./app-user-fields-constants";
import { appUserValidationMessages } from "./app-user-validation";
import {
  formBoolean,
  pageQuerySchema,
  recordVersionSchema,
  timestampSchema,
  totalIsEstimateSchema,
} from "./common";
import { deletedWithAppointmentsSchema, deletionChoiceSchema } from "./deletion";
import { exactTotalParamSchema, type SortOrder } from "./lists";
import { listMessages, USER_SORTS, type UserSort } from "./lists-constants";
import { newPasswordSchema } from "./password";
import { accountStatusSchema, roleSchema } from "./roles";
import { isTimeZone, schedulingMessages } from "./scheduling";
import {
  ACCOUNT_STATUSES,
  APP_USER_EDIT_FIELDS,
  type APP_USER_FILE_FIELDS,
  APP_USER_MULTIPART_FIELDS,
  appUserMessages,
  CNIC_VERIFICATIONS,
  USER_SORT_PARAMS,
  type UserSortParam,
} from "./users-constants";

type Declarations = typeof APP_USER_FIELD_DECLARATIONS;
/** The declared fields' rules or answers, by entity name. */
const fieldsBy = <K extends "rule" | "answer", F extends AppUserField>(kind: K, fields: readonly F[]) =>
  Object.fromEntries(
    fields.map((field) => [field, APP_USER_FIELD_DECLARATIONS[field][kind](appUserFieldRules)]),
  ) as { [G in F]: ReturnType<Declarations[G][K]> };

/** The fields of an app user that add and edit share (and the customer's sign-up asks for), by entity name. */
export const appUserDetailsSchema = z.object(fieldsBy("rule", REQUIRED_APP_USER_FIELDS));
/** IANA zone the person lives in (mails and the details show appointment times in it too); blank = keep / none. */
const timeZone = fieldsBy("rule", ["timeZone"]).timeZone;

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

type MultipartNames = typeof APP_USER_MULTIPART_FIELDS;
/** A shape's fields under their multipart names (APP_USER_MULTIPART_FIELDS), each with its own rules. */
function underMultipartNames<S extends { [K in keyof MultipartNames]?: z.ZodType }>(shape: S) {
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [
      APP_USER_MULTIPART_FIELDS[name as keyof MultipartNames],
      schema,
    ]),
  ) as { [K in keyof S & keyof MultipartNames as MultipartNames[K]]: S[K] };
}

const appUserImage = (description: string) =>
  z
    .file()
    .meta({
      description: `${description}: PNG, JPEG, WebP, GIF, AVIF or TIFF, checked by its content (an edit without it keeps the stored one)`,
    })
    .optional();
const appUserImages = Object.fromEntries(
  Object.values(APP_USER_IMAGE_DECLARATIONS).map(({ multipart, about }) => [multipart, appUserImage(about)]),
) as { [F in AppUserImageField as (typeof APP_USER_FILE_FIELDS)[F]]: ReturnType<typeof appUserImage> };

/** POST User/adduser as multipart/form-data: the spec's field names, the rules of newAppUserSchema. */
export const newAppUserFormSchema = z.object({
  ...underMultipartNames(newAppUserSchema.shape),
  ...appUserImages,
});

const appUserVersion = z
  .string()
  .optional()
  .describe("The app user's version as it was read (digits); 409 when it is no longer current");

/**
 * PUT User/update-user as multipart/form-data: the add form's fields and GuidId, as the spec's edit form sends
 * them; Password is ignored (only NewPassword changes it).
 */
export const appUserUpdateFormSchema = z.object({
  [APP_USER_EDIT_FIELDS.guidId]: z
    .string()
    .optional()
    .describe("Sent by the spec's edit form; the query's id names the app user"),
  ...underMultipartNames(appUserUpdateSchema.shape),
  [APP_USER_MULTIPART_FIELDS.password]: z
    .string()
    .optional()
    .describe("Sent by the edit form although its input is disabled; ignored"),
  [APP_USER_EDIT_FIELDS.version]: appUserVersion,
  Version: appUserVersion.describe("The same as version, in the spec's capitalised spelling"),
  ...appUserImages,
});

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
  error: "Verification must be pending, verified, rejected or conflict",
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
  ...fieldsBy("answer", REQUIRED_APP_USER_FIELDS),
  profilePic: z.string().nullable(),
  cnicFront: z.string().nullable(),
  cnicBack: z.string().nullable(),
  ...fieldsBy("answer", ["timeZone"]),
  /** Staff's check of a CNIC the customer sent (customer API): null until one is sent. */
  cnicVerification: cnicVerificationSchema.nullable(),
  userRoles: z.object({ roles: z.array(roleSchema) }),
  status: accountStatusSchema,
  createdAt: timestampSchema,
  version: recordVersionSchema,
  /** Only for an Admin reading internal accounts (their page, or one): what Unlock and Reset two-factor act on. */
  signIn: z
    .object({
      locked: z.boolean().describe("Locked out by failed sign-ins from some address (Unlock ends it)"),
      twoFactor: z.boolean().describe("Has an authenticator app or a passkey (Reset two-factor removes it)"),
    })
    .optional(),
  /** Only in the deleted list (deleted=true): when the app user was deleted. */
  deletedAt: timestampSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET User/users/{id}: the user plus how many of their appointments were marked a no-show. */
export const userDetailSchema = userSchema.extend({ noShowCount: z.number().int() });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** role=AppUser: the App Users screen; role=internal: every other account (Internal Users screen). */
export const userListRoleSchema = z.enum(["AppUser", "internal", "Admin", "Staff"]);
export type UserListRole = z.infer<typeof userListRoleSchema>;

const userSortOptions = z.enum(USER_SORT_PARAMS, { error: listMessages.sortInvalid(USER_SORTS) });
/** sort=<field> or sort=-<field> (descending), one of the list's columns; ties broken by id. */
const userSortSchema = z
  .preprocess<unknown, typeof userSortOptions, UserSortParam>(
    (value) => (typeof value === "string" ? value.trim() : value),
    userSortOptions,
  )
  .transform(
    (value): SortOrder<UserSort> => ({
      field: value.replace(/^-/, "") as UserSort,
      descending: value.startsWith("-"),
    }),
  )
  .optional();

/** deleted=true (Admin only): the deleted app users instead, most recently deleted first, always paged. */
export const userListQuerySchema = pageQuerySchema.extend({
  role: userListRoleSchema.optional(),
  deleted: formBoolean.optional(),
  sort: userSortSchema,
  /** active, pending or rejected: rejected accounts are listed only when asked for. */
  status: z.enum(ACCOUNT_STATUSES, { error: listMessages.statusInvalid }).optional(),
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

/** The list's query without paging: what the CSV export takes. */
export const userExportQuerySchema = userListQuerySchema.omit({ deleted: true, exactTotal: true });
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

/** An Admin's decision on a registration, or control of an account: what was done, and the account now. */
export const userDecisionSchema = z.object({ message: z.string(), user: userSchema });
export type UserDecision = z.infer<typeof userDecisionSchema>;

/** A customer's devices signed in to the customer app or site, last used first. */
export const customerDeviceListSchema = z.array(
  z.object({
    id: z.string(),
    deviceName: z.string(),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema,
  }),
);
export type CustomerDevice = z.infer<typeof customerDeviceListSchema>[number];

export const userIdParamsSchema = z.object({ id: z.string().trim().min(1) });
export const updateUserQuerySchema = z.object({ id: z.string().trim().min(1, appUserMessages.idUndefined) });
