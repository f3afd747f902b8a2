import { z } from "zod";
import { appUserValidationMessages, CNIC_PATTERN } from "./app-user-validation";
import { pageSchema } from "./common";
import { MAX_IMAGE_BYTES } from "./common-constants";
import { CUSTOMER_CNIC_FIELDS } from "./customer-auth-constants";
import { newPasswordSchema } from "./password";
import { isBlankOrPhoneNumber, phoneNumberMessages } from "./phone-number";
import { isTimeZone } from "./scheduling";
import { appUserDetailsSchema } from "./users";

/** The longest IANA time zone name is 32 characters ("America/Argentina/ComodRivadavia"). */
export const TIME_ZONE_MAX_LENGTH = 64;
/** An ISO 8601 UTC instant as the server writes it (toISOString: 24 characters). */
const instant = z.string().max(30).meta({ format: "date-time" });

/** The customer API's own texts (English; the Urdu catalogue comes with the customer site). */
export const customerAuthMessages = {
  signedUp:
    "We have sent a 6-digit code to your email: enter it to verify your address, and your account is created.",
  codeWrong: "This code is wrong or has expired. Ask for a new one.",
  codeTriesUsedUp: "Too many wrong codes today. Wait until a day has passed, then ask for a new code.",
  emailVerified: "Your email is verified.",
  alreadyVerified: "Your email is already verified.",
  codeSent: "If the address belongs to an unverified account, a new code is on its way.",
  wrongCredentials: "Invalid email or password",
  refreshInvalid: "Your session has ended. Please sign in again.",
  signedOut: "Signed out",
  sessionEnded: "The device is signed out",
  sessionNotFound: "No such session",
  staffAccount: "This is a back-office account: sign in to the back-office instead.",
  languageInvalid: "Language must be en or ur",
  timeZoneRequired: "Time zone is required",
  timeZoneInvalid: "Enter an IANA time zone such as Asia/Karachi",
  deviceNameRequired: "Device name is required",
  codeFormat: "Enter the 6-digit code from the email",
  profileSaved: "Your details are saved",
  passwordChanged: "Your password is changed. Your other devices are signed out.",
  passwordReset: "Your password is reset. Sign in with it again on each of your devices.",
  currentPasswordWrong: "The current password is wrong",
  erased:
    "Your account is erased: your personal data and images are removed, your upcoming appointments are cancelled and their consultants told. This cannot be undone, by you or by us.",
  erasureReason: "The customer closed their account",
  cnicSent: "Your CNIC is sent: staff will verify it.",
  cnicImagesRequired: "Send both sides of the CNIC (cnicFront and cnicBack)",
} as const;

/** Languages a customer reads answers and mails in. */
export const CUSTOMER_LANGUAGES = ["en", "ur"] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** How long an access token of the customer API lives; a refresh token gets the next one. */
export const CUSTOMER_ACCESS_TOKEN_MINUTES = 15;
/** How long a device stays signed in without signing in again (its refresh chain's absolute end). */
export const CUSTOMER_SESSION_DAYS = 60;
/** The emailed code's life, and the wrong tries it takes before it is spent. */
export const EMAIL_CODE_MINUTES = 30;
export const EMAIL_CODE_MAX_TRIES = 5;

const email = z
  .string({ error: appUserValidationMessages.email })
  .trim()
  .min(1, appUserValidationMessages.email)
  .max(200)
  .pipe(z.email(appUserValidationMessages.emailInvalid));

/** POST auth/sign-up: every field the back-office requires of an app user, so staff can always edit it. */
export const signUpBodySchema = appUserDetailsSchema.extend({
  password: newPasswordSchema(appUserValidationMessages.password),
  timeZone: z
    .string({ error: customerAuthMessages.timeZoneRequired })
    .trim()
    .min(1, customerAuthMessages.timeZoneRequired)
    // No IANA zone is longer: the same refusal as any other unknown zone.
    .max(TIME_ZONE_MAX_LENGTH, customerAuthMessages.timeZoneInvalid)
    .refine(isTimeZone, customerAuthMessages.timeZoneInvalid),
  language: z.enum(CUSTOMER_LANGUAGES, { error: customerAuthMessages.languageInvalid }),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const verifyEmailBodySchema = z.object({
  email,
  code: z
    .string({ error: customerAuthMessages.codeFormat })
    .trim()
    .max(6, customerAuthMessages.codeFormat)
    .regex(/^\d{6}$/, customerAuthMessages.codeFormat),
});
export const emailOnlyBodySchema = z.object({ email });

export const signInBodySchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
  deviceName: z
    .string({ error: customerAuthMessages.deviceNameRequired })
    .trim()
    .min(1, customerAuthMessages.deviceNameRequired)
    .max(100),
  /**
   * Where the refresh token goes: in the answer (the mobile app keeps it in its secure storage) or in an
   * HttpOnly cookie (the customer site: no script can read it).
   */
  refreshTokenIn: z.enum(["body", "cookie"]).default("body"),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The refresh token in the body, or (the customer site) none: the HttpOnly cookie carries it. */
export const refreshBodySchema = z.object({
  refreshToken: z.string({ error: customerAuthMessages.refreshInvalid }).min(1).max(200).optional(),
});

/** The HttpOnly cookie of the customer site's refresh token, sent only to the customer auth routes. */
export const CUSTOMER_REFRESH_COOKIE = "customer_refresh";

/** A record's guidId as answered: a UUID. */
const guid = z.string().max(36).meta({ format: "uuid" });
/** A stored picture's file name, as the files routes take it (at most 255 visible characters). */
const storedFile = z.string().max(255);

/** The customer as the customer API shows them to themselves (each text within what its input allows). */
export const customerSchema = z.object({
  guidId: guid,
  userName: z.string().max(50),
  email: z.string().max(200).meta({ format: "email" }),
  emailVerified: z.boolean(),
  firstName: z.string().max(100).nullable(),
  lastName: z.string().max(100).nullable(),
  phoneNumber: z.string().max(30).nullable(),
  timeZone: z.string().max(TIME_ZONE_MAX_LENGTH),
  language: z.enum(CUSTOMER_LANGUAGES),
  profilePic: storedFile.nullable(),
  /** Staff's check of the CNIC: null until the customer sends it (PUT me/cnic). */
  cnicVerification: z.enum(["pending", "verified", "rejected"]).nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The customer as GET me (and the changes of me) show them: with staff's reason when the CNIC was rejected. */
export const customerMeSchema = customerSchema.extend({
  /** Staff's reason for the latest rejection while the CNIC stands rejected; null otherwise. */
  cnicRejectionReason: z.string().max(500).nullable(),
});
export type CustomerMe = z.infer<typeof customerMeSchema>;

export { CUSTOMER_CNIC_FIELDS };

/** A sign-in or a refresh: a short-lived access token and the next refresh token of this device. */
export const tokenPairSchema = z.object({
  accessToken: z.string().max(2048),
  tokenType: z.literal("Bearer"),
  /** Seconds the access token lives. */
  expiresIn: z
    .number()
    .int()
    .min(1)
    .max(CUSTOMER_ACCESS_TOKEN_MINUTES * 60)
    .meta({ format: "int32" }),
  /** Absent when it went into the HttpOnly cookie (refreshTokenIn: "cookie"). */
  refreshToken: z.string().max(200).optional(),
  sessionId: z.string().max(64),
  customer: customerSchema,
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const customerSessionSchema = z.object({
  id: z.string().max(64),
  deviceName: z.string().max(100),
  createdAt: instant,
  lastUsedAt: instant,
  current: z.boolean(),
});
/** The most devices the list answers (the newest), in `data`; `total` counts them all. */
export const CUSTOMER_DEVICES_LISTED = 100;
export const customerSessionListSchema = pageSchema(customerSessionSchema, CUSTOMER_DEVICES_LISTED);
export const sessionParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** PATCH me: the fields a customer changes themselves; those left out stay as they are. */
export const customerProfileBodySchema = z
  .object({
    firstName: appUserDetailsSchema.shape.firstName,
    lastName: appUserDetailsSchema.shape.lastName,
    phoneNumber: z
      .string()
      .trim()
      .min(1, appUserValidationMessages.phoneNumber)
      .max(30)
      .refine(isBlankOrPhoneNumber, phoneNumberMessages.phoneNumberInvalid),
    timeZone: signUpBodySchema.shape.timeZone,
    language: signUpBodySchema.shape.language,
  })
  .partial();
export type CustomerProfileBody = z.infer<typeof customerProfileBodySchema>;

/** An image a customer sends: checked by its content, at most 5 MB, stored re-encoded as WebP. */
const imageFile = (description: string, error?: string) =>
  // Its size: the uploads' limit refuses a larger file (413) before any rule reads it.
  z
    .file(error ? { error } : undefined)
    .max(MAX_IMAGE_BYTES)
    .meta({
      description: `${description} (PNG, JPEG, WebP, GIF, AVIF or TIFF, at most 5 MB, checked by content)`,
    });

/** PATCH me as multipart/form-data: the same fields, and a new picture. */
export const customerProfileFormSchema = customerProfileBodySchema.extend({
  picture: imageFile("My new profile picture; it replaces the one I had").optional(),
});

/** PUT me/cnic (multipart/form-data): the number and both sides of the card. */
export const customerCnicFormSchema = z.object({
  [CUSTOMER_CNIC_FIELDS.cnic]: z
    .string({ error: appUserValidationMessages.cnic })
    .trim()
    .min(1, appUserValidationMessages.cnic)
    .max(15, appUserValidationMessages.cnicFormat)
    .regex(CNIC_PATTERN, appUserValidationMessages.cnicFormat),
  [CUSTOMER_CNIC_FIELDS.front]: imageFile("The front of the card", customerAuthMessages.cnicImagesRequired),
  [CUSTOMER_CNIC_FIELDS.back]: imageFile("The back of the card", customerAuthMessages.cnicImagesRequired),
});

/** PUT me/password. */
export const customerPasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(128),
  newPassword: newPasswordSchema(),
});

/** DELETE me: the password proves it is the owner. */
export const customerErasureBodySchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});
