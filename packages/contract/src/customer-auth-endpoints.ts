import { accountMessages } from "./account-constants";
import { forgotPasswordBodySchema, resetPasswordBodySchema } from "./auth";
import { apiErrorSchema, messageSchema } from "./common";
import {
  customerAuthMessages,
  customerCnicFormSchema,
  customerErasureBodySchema,
  customerMeSchema,
  customerPasswordBodySchema,
  customerProfileBodySchema,
  customerProfileFormSchema,
  customerSessionListSchema,
  emailOnlyBodySchema,
  refreshBodySchema,
  sessionParamsSchema,
  signInBodySchema,
  signUpBodySchema,
  tokenPairSchema,
  verifyEmailBodySchema,
} from "./customer-auth";
import { endpoint } from "./endpoint";

/** Where the customer API lives; its own API document is at /api/customer/docs. */
export const CUSTOMER_API = "/api/customer/v1";

/** The group these operations are listed under in the API document. */
export const customerAccountTag = {
  name: "customer account",
  description:
    "Signing up and in, the devices signed in, and my own account: details, picture, CNIC, password, erasure",
} as const;
const tags = [customerAccountTag.name];

/** A customer's account: signing up, proving the email, signing in per device, and the devices. */
export const customerAuthEndpoints = {
  signUp: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/sign-up`,
    auth: "public",
    tags,
    summary: "Create a customer account; a 6-digit code goes to the email",
    description:
      "The same answer whether or not the email or username is already registered (the mailbox owner is " +
      "told by mail instead), so the form reveals no account.",
    body: signUpBodySchema,
    responses: { 202: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/verify-email`,
    auth: "public",
    tags,
    summary: "Prove the email with the mailed code",
    description:
      "The code works for EMAIL_CODE_MINUTES minutes and a few wrong tries; a wrong, spent or expired code, " +
      "and an address with no unverified account, get the same 400, so the answer reveals no account.",
    body: verifyEmailBodySchema,
    responses: { 200: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  resendCode: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/resend-code`,
    auth: "public",
    tags,
    summary: "Mail a new code to an account whose email is not verified yet (same answer for any address)",
    description: "Rate limited per address, like every sign-in step. The mail is in the account's language.",
    body: emailOnlyBodySchema,
    responses: { 202: messageSchema, 429: apiErrorSchema },
  }),
  signIn: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/sign-in`,
    auth: "public",
    tags,
    summary: "Sign in on a device: a short-lived access token and a refresh token",
    description:
      "`refreshTokenIn` says where the refresh token goes: in the answer (an app keeps it in its secure storage) " +
      "or in an HttpOnly cookie sent only to the auth routes (the customer site). 401 for a wrong email or " +
      "password (one message for both), 403 for a back-office or suspended account, 429 while the account is " +
      "locked after failed attempts.",
    body: signInBodySchema,
    responses: { 200: tokenPairSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    refusals: {
      401: [customerAuthMessages.wrongCredentials],
      403: [customerAuthMessages.staffAccount, accountMessages.suspended],
    },
  }),
  refresh: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/refresh`,
    auth: "public",
    tags,
    summary: "Trade the device's refresh token for a new pair",
    description:
      "Each refresh token works once. A refresh token presented a second time means it was copied: the " +
      "device's whole chain is revoked and it must sign in again.",
    body: refreshBodySchema,
    responses: { 200: tokenPairSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/forgot-password`,
    auth: "public",
    tags,
    summary: "Mail a link to choose a new password (the same answer for any address)",
    description:
      "The link opens the customer site's reset page and works for RESET_TOKEN_TTL_MINUTES minutes; the mail is " +
      "in the account's language.",
    body: forgotPasswordBodySchema,
    responses: { 200: messageSchema, 429: apiErrorSchema },
  }),
  resetPassword: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/reset-password`,
    auth: "public",
    tags,
    summary: "Choose a new password with the mailed link's token; every device is signed out",
    description:
      "400 when the link is invalid or has expired, or the password breaks the policy (8 to 128 characters, " +
      "not a common one).",
    body: resetPasswordBodySchema,
    responses: { 200: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  signOut: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/auth/sign-out`,
    auth: "customer",
    tags,
    summary: "Sign this device out (its refresh tokens stop working)",
    description: "Its access token stops working at once too, and the site's refresh cookie is cleared.",
    responses: { 200: messageSchema, 401: apiErrorSchema },
  }),
  me: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/me`,
    auth: "customer",
    tags,
    summary: "The signed-in customer",
    description:
      "My account as I see it: names, email and whether it is verified, phone, time zone, language, picture, " +
      "where staff's check of my CNIC stands, and (`cnicRejectionReason`) staff's reason when they rejected it.",
    responses: { 200: customerMeSchema, 401: apiErrorSchema },
  }),
  updateMe: endpoint({
    method: "PATCH",
    path: `${CUSTOMER_API}/me`,
    auth: "customer",
    tags,
    summary: "Change my names, phone, time zone, language or picture (fields left out stay)",
    description:
      "JSON for the text fields, or multipart/form-data with the same fields and a `picture` file: an image " +
      "checked by its content (415 for anything else, 413 when too large), stored re-encoded without its " +
      "metadata; it replaces my picture, and the old one is deleted. `profilePic` in the answer is its address.",
    body: customerProfileBodySchema,
    form: customerProfileFormSchema,
    responses: {
      200: customerMeSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
  removePicture: endpoint({
    method: "DELETE",
    path: `${CUSTOMER_API}/me/picture`,
    auth: "customer",
    tags,
    summary: "Remove my profile picture (the image is deleted)",
    description: "My account as GET me shows it, its `profilePic` now null.",
    responses: { 200: customerMeSchema, 401: apiErrorSchema },
  }),
  sendCnic: endpoint({
    method: "PUT",
    path: `${CUSTOMER_API}/me/cnic`,
    refusals: { 409: ["This record already exists"] },
    auth: "customer",
    tags,
    summary: "Send my CNIC number and both sides of the card for staff to verify",
    description:
      "multipart/form-data: `cnic` (12345-1234567-1), `cnicFront` and `cnicBack` (images checked by content). " +
      "They are stored privately, for staff only; the verification goes back to pending. A number another " +
      "account holds is taken the same way and answered alike (staff see its check as a conflict).",
    form: customerCnicFormSchema,
    responses: {
      200: messageSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
  changePassword: endpoint({
    method: "PUT",
    path: `${CUSTOMER_API}/me/password`,
    auth: "customer",
    tags,
    summary: "Change my password (the current one proves it is me); my other devices are signed out",
    description:
      "400 names the field: a wrong current password, a new one equal to it, or one that breaks the policy. " +
      "Wrong current passwords count towards the sign-in lock.",
    body: customerPasswordBodySchema,
    responses: { 200: messageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
  eraseMe: endpoint({
    method: "DELETE",
    path: `${CUSTOMER_API}/me`,
    auth: "customer",
    tags,
    summary: "Erase my account (with my password): it cannot be undone or restored",
    description:
      "Personal data and images are removed; upcoming appointments are cancelled and their consultants " +
      "mailed; past appointments stay, without the customer's details, so the consultants' counts hold. " +
      "Every device is signed out. Staff cannot restore an erased account.",
    body: customerErasureBodySchema,
    responses: { 200: messageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
  sessions: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/me/sessions`,
    auth: "customer",
    tags,
    summary: "The devices signed in, newest first",
    description:
      "Each device's name, when it signed in and was last used; `current` marks the one asking. Not paged: " +
      "`data` holds the newest 100 devices (every one, unless more are signed in), `total` their number.",
    responses: { 200: customerSessionListSchema, 401: apiErrorSchema },
  }),
  endSession: endpoint({
    method: "DELETE",
    path: `${CUSTOMER_API}/me/sessions/{id}`,
    auth: "customer",
    tags,
    summary: "Sign one of my devices out",
    description:
      "Its access and refresh tokens stop working at once. 404 for a session that is not mine or already ended.",
    params: sessionParamsSchema,
    responses: { 200: messageSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
};
