import { z } from "zod";
import { authMessages, PASSWORD_MIN_LENGTH } from "./auth";
import { pageQuerySchema } from "./common";
import { accountStatusSchema, roleSchema } from "./roles";

/** Spec section 8, app users: the screens' toasts and confirm text. */
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
  notFound: "User not found",
} as const;

/** Spec sections 2 and 5: list texts of the two user screens. */
export const userListTexts = {
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

/** Spec section 5: CNIC is five digits, dash, seven digits, dash, one digit. */
export const CNIC_PATTERN = /^\d{5}-\d{7}-\d$/;

export const appUserValidation = {
  userName: "Username is required",
  email: "Email is required",
  emailInvalid: "Invalid email address",
  firstName: "First name is required",
  lastName: "Last name is required",
  phoneNumber: "Phone number is required",
  dateOfBirth: "Date of birth is required",
  dateOfBirthInvalid: "Date of birth must be a valid date",
  dateOfBirthFuture: "Date of birth cannot be in the future",
  cnic: "CNIC Number is required",
  cnicFormat: "CNIC must be in format: 12345-1234567-1",
  address: "Address is required",
  password: "Password is required",
  passwordMismatch: "Passwords do not match",
} as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** Today's date as YYYY-MM-DD in the local time of whoever validates (a birthday has no time zone). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
// Each check stays quiet about values another check reports, so a field shows one message at a time.
const dateOfBirth = required(appUserValidation.dateOfBirth, 10)
  .refine((value) => value === "" || isDate(value), appUserValidation.dateOfBirthInvalid)
  .refine((value) => !isDate(value) || value <= today(), appUserValidation.dateOfBirthFuture);

/** The fields of an app user that add and edit share, by their entity names (spec section 3). */
export const appUserDetailsSchema = z.object({
  userName: required(appUserValidation.userName, 50),
  email: required(appUserValidation.email, 200).pipe(z.email(appUserValidation.emailInvalid)),
  firstName: required(appUserValidation.firstName, 100),
  lastName: required(appUserValidation.lastName, 100),
  phoneNumber: required(appUserValidation.phoneNumber, 30),
  dateOfBirth,
  cnic: z
    .string({ error: appUserValidation.cnic })
    .trim()
    .min(1, appUserValidation.cnic)
    .regex(CNIC_PATTERN, appUserValidation.cnicFormat),
  address: required(appUserValidation.address, 500),
});

const password = z
  .string({ error: appUserValidation.password })
  .min(1, appUserValidation.password)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(200);

/** POST User/adduser, after the multipart names are mapped to entity names. */
export const newAppUserSchema = appUserDetailsSchema.extend({ password });
export type NewAppUser = z.infer<typeof newAppUserSchema>;

/**
 * PUT User/update-user. The edit form sends Password although its input is disabled, so Password is
 * ignored on update: only a non-empty NewPassword (a separate, deliberate field) changes the password.
 */
export const appUserUpdateSchema = appUserDetailsSchema.extend({
  newPassword: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(password.optional()),
});
export type AppUserUpdate = z.infer<typeof appUserUpdateSchema>;

/** Spec section 7: the multipart field names of adduser and update-user, by entity name. */
export const APP_USER_MULTIPART_FIELDS = {
  userName: "UserName",
  email: "Email",
  firstName: "FirstName",
  lastName: "LastName",
  phoneNumber: "PhoneNumber",
  dateOfBirth: "DateOfBirth",
  cnic: "cnic",
  address: "Address",
  password: "Password",
  newPassword: "NewPassword",
} as const;
export const APP_USER_FILE_FIELDS = {
  profilePic: "ProfilePic",
  cnicFront: "cnicFront",
  cnicBack: "cnicBack",
} as const;

/** The add and edit forms of the web app: the shared rules plus the live password confirmation. */
export const appUserFormSchema = (mode: "add" | "edit") =>
  appUserDetailsSchema
    .extend(
      mode === "add"
        ? { password, confirmPassword: z.string().min(1, appUserValidation.password) }
        : { password: z.string(), confirmPassword: z.string() },
    )
    .refine((form) => form.password === form.confirmPassword, {
      message: appUserValidation.passwordMismatch,
      path: ["confirmPassword"],
      // Checked live, even while other fields are still empty.
      when: ({ value }) => {
        const form = value as { password?: unknown; confirmPassword?: unknown };
        return typeof form.password === "string" && typeof form.confirmPassword === "string";
      },
    });
export type AppUserForm = z.infer<ReturnType<typeof appUserFormSchema>>;

/** App user / internal user (spec section 3), plus id, status and createdAt. */
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
  userRoles: z.object({ roles: z.array(roleSchema) }),
  status: accountStatusSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** role=AppUser: the App Users screen; role=internal: every other account (Internal Users screen). */
export const userListRoleSchema = z.enum(["AppUser", "internal"]);
export type UserListRole = z.infer<typeof userListRoleSchema>;

export const userListQuerySchema = pageQuerySchema.extend({ role: userListRoleSchema.optional() });
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPageSchema = z.object({ data: z.array(userSchema), total: z.number().int() });
export type UserPage = z.infer<typeof userPageSchema>;

export const userIdParamsSchema = z.object({ id: z.string().trim().min(1) });
export const updateUserQuerySchema = z.object({ id: z.string().trim().min(1, appUserMessages.idUndefined) });
