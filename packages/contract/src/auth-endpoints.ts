import { z } from "zod";
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerFieldsSchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
} from "./auth";
import { authMessages, BINDING_COOKIE, RESET_TOKEN_TTL_MINUTES } from "./auth-constants";
import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { verifyLoginAnswerSchema } from "./mfa";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["connect"];

/** POST connect/register (multipart/form-data): the spec's field names, and an optional picture. */
export const registerFormSchema = registerFieldsSchema.extend({
  ProfilePic: z
    .file()
    .meta({
      description:
        "My profile picture (PNG, JPEG, WebP, GIF, AVIF or TIFF, at most 2 MB, checked by content; stored as WebP)",
    })
    .optional(),
});

/** Registering, signing in and out, and recovering a password. */
export const authEndpoints = {
  verifyLogin: endpoint({
    method: "POST",
    path: "/api/v2/connect/verify-login",
    auth: "public",
    tags,
    summary:
      "Sign in: answers the bearer token and sets the token_binding cookie it is bound to; with a second factor enrolled, answers only { mfaRequired, mfaToken } for verify-mfa",
    description:
      "401: a wrong email or password (the same answer and time for an unknown email). 403: an account that " +
      "may not sign in here (a registration pending or rejected, a suspended account, an app user). 429: " +
      "too many failures for the account from this address (until the window passes or an Admin unlocks " +
      "it), or too many requests from the address.",
    body: loginBodySchema,
    answerHeaders: {
      "Set-Cookie": `${BINDING_COOKIE}: the HttpOnly cookie the token is bound to (absent when a second step is asked)`,
    },
    responses: { 200: verifyLoginAnswerSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    refusals: { 401: [authMessages.wrongCredentials] },
  }),
  register: endpoint({
    method: "POST",
    path: "/api/v2/connect/register",
    refusals: { 409: [authMessages.emailTaken, authMessages.userNameTaken] },
    auth: "public",
    tags,
    summary: "Register an internal account (multipart), which waits for an Admin's approval",
    description:
      "multipart/form-data with the spec's field names (UserName, Email, FirstName, LastName, PhoneNumber, " +
      "Password) and an optional ProfilePic. A taken email or username answers as a new registration " +
      "would (the mailbox's owner is told by mail), so the form reveals no account. 400 names each invalid " +
      "field (a common password too); 409 when another unique field is taken; 413 for a picture over 2 MB, " +
      "415 for a file that is not an image. Rate limited per address.",
    form: registerFormSchema,
    responses: { 201: registerResponseSchema, 409: apiErrorSchema },
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/v2/connect/logout",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Sign out: ends the session and clears the token_binding cookie",
    description: "The access token stops working at once, on every server; the sign-out is audited.",
    responses: { 200: messageSchema },
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/v2/connect/forgot-password",
    auth: "public",
    tags,
    summary: "Mail a password reset link (the same answer whether or not the email is known)",
    description:
      `The link holds a one-time token valid for ${RESET_TOKEN_TTL_MINUTES} minutes; an app user's link opens ` +
      "the customer site. The answer never says whether an account exists. Rate limited per address.",
    body: forgotPasswordBodySchema,
    responses: { 200: messageSchema },
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/v2/connect/reset-password",
    auth: "public",
    tags,
    summary: "Set a new password with the token of a reset link",
    description:
      "400: the token is unknown, used or expired, or the new password is refused (too short, too common). " +
      "On success every session of the account ends and the answer says which kind of account it was. " +
      "Rate limited per address.",
    body: resetPasswordBodySchema,
    responses: { 200: resetPasswordResponseSchema },
  }),
};
