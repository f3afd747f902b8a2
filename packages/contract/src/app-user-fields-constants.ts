import type { ZodType } from "zod";
import type { AppUserFieldRules } from "./app-user-field-rules";

/**
 * Each app user field, declared once: its rule, how the API answers it, its label, its multipart name, its
 * CSV column and whether the history records it. The contract's schemas, the API's history and export, the
 * web form and the field labels are all read from here. Free of zod (users.ts builds the rules), so a page
 * that only names fields stays light.
 */

/** What each app user field declares. */
export interface AppUserFieldDeclaration {
  /** How the conflict alert and the History tab name it. */
  label: string;
  /** Its name in the multipart form of User/adduser and User/update-user (the spec's casing). */
  multipart: string;
  /** Its column header in the users CSV export, in this file's order; absent: not exported. */
  csv?: string;
  /**
   * Every form asks for it: the staff's add and edit forms and the customer's sign-up
   * (appUserDetailsSchema holds these).
   */
  required: boolean;
  /** Its changes go into the account's history. */
  audited: boolean;
  /** The rule a value passes, on the form and on the server. */
  rule: (r: AppUserFieldRules) => ZodType;
  /** The field as the API answers it. */
  answer: (r: AppUserFieldRules) => ZodType;
}

const profile = { required: true, audited: true } as const;

/** The app user's fields by their entity names, in the order the API answers and the forms send them. */
export const APP_USER_FIELD_DECLARATIONS = {
  userName: {
    ...profile,
    label: "Username",
    multipart: "UserName",
    csv: "User Name",
    rule: ({ required, m }) => required(m.userName, 50),
    answer: ({ z }) => z.string().max(50),
  },
  email: {
    ...profile,
    label: "Email",
    multipart: "Email",
    csv: "Email",
    rule: ({ required, z, m }) => required(m.email, 200).pipe(z.email(m.emailInvalid)),
    answer: ({ z }) => z.string().max(200).meta({ format: "email" }),
  },
  firstName: {
    ...profile,
    label: "First Name",
    multipart: "FirstName",
    csv: "First Name",
    rule: ({ required, m }) => required(m.firstName, 100),
    answer: ({ z }) => z.string().max(100).nullable(),
  },
  lastName: {
    ...profile,
    label: "Last Name",
    multipart: "LastName",
    csv: "Last Name",
    rule: ({ required, m }) => required(m.lastName, 100),
    answer: ({ z }) => z.string().max(100).nullable(),
  },
  phoneNumber: {
    ...profile,
    label: "Phone Number",
    multipart: "PhoneNumber",
    csv: "Phone",
    rule: ({ required, m, phone }) =>
      required(m.phoneNumber, 30).refine(phone.isBlankOrNumber, phone.m.phoneNumberInvalid),
    answer: ({ z }) => z.string().max(30).nullable(),
  },
  dateOfBirth: {
    ...profile,
    label: "Date of Birth",
    multipart: "DateOfBirth",
    csv: "Date of Birth",
    rule: ({ dateOfBirth }) => dateOfBirth(),
    answer: ({ z }) => z.string().max(10).meta({ format: "date" }).nullable(),
  },
  cnic: {
    ...profile,
    label: "CNIC Number",
    multipart: "cnic",
    csv: "CNIC",
    rule: ({ cnic }) => cnic(),
    answer: ({ z }) => z.string().max(15).nullable(),
  },
  address: {
    ...profile,
    label: "Address",
    multipart: "Address",
    csv: "Address",
    rule: ({ required, m }) => required(m.address, 500),
    answer: ({ z }) => z.string().max(500).nullable(),
  },
  timeZone: {
    // Optional, and not the customer's to give at sign-up: staff's forms only.
    required: false,
    audited: true,
    label: "Time zone",
    multipart: "TimeZone",
    /** Blank = keep (edit) or none (add). */
    rule: ({ timeZone }) => timeZone(),
    /** The person's own IANA time zone; null = none given (BUSINESS_TIMEZONE). */
    answer: ({ z }) => z.string().max(64).nullable(),
  },
} as const satisfies Record<string, AppUserFieldDeclaration>;

type Declarations = typeof APP_USER_FIELD_DECLARATIONS;
export type AppUserField = keyof Declarations;
export const APP_USER_FIELD_NAMES = Object.keys(APP_USER_FIELD_DECLARATIONS) as AppUserField[];
/** The fields whose declaration has `value` as its `key`. */
export type AppUserFieldOf<K extends keyof AppUserFieldDeclaration, V> = {
  [F in AppUserField]: Declarations[F] extends Record<K, V> ? F : never;
}[AppUserField];
export type RequiredAppUserField = AppUserFieldOf<"required", true>;
export type ExportedAppUserField = AppUserFieldOf<"csv", string>;

const namesWhere = <F extends AppUserField>(keep: (declaration: AppUserFieldDeclaration) => boolean) =>
  APP_USER_FIELD_NAMES.filter((field) => keep(APP_USER_FIELD_DECLARATIONS[field])) as F[];
/** The fields every form asks for, in order. */
export const REQUIRED_APP_USER_FIELDS = namesWhere<RequiredAppUserField>((field) => field.required);
/** The export's columns between Id and Role, in order. */
export const EXPORTED_APP_USER_FIELDS = namesWhere<ExportedAppUserField>((field) => field.csv !== undefined);
/** The fields the account's history records (besides its role and status). */
export const AUDITED_APP_USER_FIELDS = namesWhere<AppUserFieldOf<"audited", true>>((field) => field.audited);

/** The password fields: multipart names only, as they are never answered, exported or shown in a history. */
export const APP_USER_PASSWORD_DECLARATIONS = {
  password: { multipart: "Password" },
  /** Update only: a non-empty one changes the password. */
  newPassword: { multipart: "NewPassword" },
} as const;

/** The optional images, by the answer field that keeps each one's path: multipart name, label, description. */
export const APP_USER_IMAGE_DECLARATIONS = {
  profilePic: { multipart: "ProfilePic", label: "Profile picture", about: "The profile picture (public)" },
  cnicFront: { multipart: "cnicFront", label: "CNIC Front", about: "The front of the CNIC card (private)" },
  cnicBack: { multipart: "cnicBack", label: "CNIC Back", about: "The back of the CNIC card (private)" },
} as const;
export type AppUserImageField = keyof typeof APP_USER_IMAGE_DECLARATIONS;

/**
 * The fields' labels in the form's order, then the images': the conflict alert lists changed fields with them
 * and the History tab names changes with them.
 */
export const APP_USER_FIELD_LABELS = Object.fromEntries([
  ...APP_USER_FIELD_NAMES.map((field) => [field, APP_USER_FIELD_DECLARATIONS[field].label]),
  ...Object.entries(APP_USER_IMAGE_DECLARATIONS).map(([field, { label }]) => [field, label]),
]) as Record<AppUserField | AppUserImageField, string>;
