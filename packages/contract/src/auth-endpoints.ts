import {
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
} from "./auth";
import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { verifyLoginAnswerSchema } from "./mfa";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["connect"];

/** Signing in and out, and recovering a password (registration is multipart, beside them). */
export const authEndpoints = {
  verifyLogin: endpoint({
    method: "POST",
    path: "/api/v2/connect/verify-login",
    auth: "public",
    tags,
    summary:
      "Sign in: answers the bearer token and sets the token_binding cookie it is bound to; with a second factor enrolled, answers only { mfaRequired, mfaToken } for verify-mfa",
    body: loginBodySchema,
    // A wrong email or password; an account that may not sign in (pending, rejected, an app user).
    responses: { 200: verifyLoginAnswerSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/v2/connect/logout",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Sign out: ends the session and clears the token_binding cookie",
    responses: { 200: messageSchema },
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/v2/connect/forgot-password",
    auth: "public",
    tags,
    summary: "Mail a password reset link (the same answer whether or not the email is known)",
    body: forgotPasswordBodySchema,
    responses: { 200: messageSchema },
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/v2/connect/reset-password",
    auth: "public",
    tags,
    summary: "Set a new password with the token of a reset link",
    body: resetPasswordBodySchema,
    responses: { 200: resetPasswordResponseSchema },
  }),
};
