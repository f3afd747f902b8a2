import { authMessages } from "./auth-constants";
import { apiErrorSchema, messageSchema } from "./common";
import { deletionImpactSchema } from "./deletion";
import { upcomingDeletionMessages } from "./deletion-constants";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";
import {
  appUserDeletedSchema,
  appUserUpdateFormSchema,
  cnicDecisionBodySchema,
  customerDeviceListSchema,
  deleteAppUserQuerySchema,
  newAppUserFormSchema,
  updateUserQuerySchema,
  userIdParamsSchema,
  userRestoredSchema,
  userSchema,
} from "./users";
import { appUserMessages } from "./users-constants";
import { userTags as tags, USER_API } from "./users-endpoints";

const IMAGE_ANSWERS = "413 when an image is too large, 415 when a file is not an image of those types.";

/** The customers of the app: adding and editing them, deleting and restoring, their CNIC and devices. */
export const appUserEndpoints = {
  add: endpoint({
    method: "POST",
    path: `${USER_API}/adduser`,
    refusals: { 409: [authMessages.userNameTaken, authMessages.emailTaken, appUserMessages.cnicTaken] },
    auth: BACK_OFFICE_ROLES,
    tags,
    summary:
      "Creates an app user (multipart: UserName, Email, ..., Password, ProfilePic, cnicFront, cnicBack)",
    description:
      "400 names each field that breaks its rule (by its entity name: userName, email, ...). 409 when the " +
      "username or email (of any account, in any case) or the CNIC is taken, naming the field. " +
      `${IMAGE_ANSWERS} The CNIC images are private; the profile picture is public. Audited.`,
    form: newAppUserFormSchema,
    responses: {
      201: userSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  update: endpoint({
    method: "PUT",
    path: `${USER_API}/update-user`,
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Updates an app user; Password is ignored, only a non-empty NewPassword changes the password",
    description:
      "Optimistic concurrency: send the app user's `version` as it was read (a `version` form field, or an " +
      'If-Match: "<version>" header). If the app user changed since, the answer is 409 "This record was ' +
      'changed by someone else since you opened it" and nothing is saved. Without a version the update ' +
      "is not checked (the spec's own form sends none). A new password ends the app user's sessions. 400 " +
      "names each field that breaks its rule; 403 for an internal account (read-only here); 404 when no app " +
      `user has the id; 409 also when the username, email or CNIC is taken. ${IMAGE_ANSWERS}`,
    query: updateUserQuerySchema,
    form: appUserUpdateFormSchema,
    responses: {
      200: userSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  deletionImpact: endpoint({
    method: "GET",
    path: `${USER_API}/users/{id}/deletion-impact`,
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "How many upcoming, not cancelled appointments deleting this app user would leave",
    description: "403 for an internal account (it cannot be deleted here); 404 when no app user has the id.",
    params: userIdParamsSchema,
    responses: { 200: deletionImpactSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  }),
  delete: endpoint({
    method: "DELETE",
    path: `${USER_API}/users/{id}`,
    refusals: { 409: [upcomingDeletionMessages("app user", "").upcoming(2)] },
    auth: BACK_OFFICE_ROLES,
    tags,
    summary:
      "Delete an app user (internal accounts are refused), deciding the fate of its upcoming appointments",
    description:
      "With upcoming, not cancelled appointments the answer is 409 unless `appointments` says what " +
      "happens to them, as for a consultant's delete: cancel (a `reason` is required, 400 without; the " +
      "customer and each consultant are mailed it after the delete is committed) or keep (they stay, and " +
      'their answers carry customerDeleted: true, "customer removed"). The app user\'s sessions end. 403 for ' +
      "an internal account; 404 when no app user has the id.",
    params: userIdParamsSchema,
    query: deleteAppUserQuerySchema,
    responses: {
      200: appUserDeletedSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  }),
  restore: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/restore`,
    refusals: {
      409: [appUserMessages.notDeleted, appUserMessages.erased, appUserMessages.restoreTaken("email")],
    },
    auth: ["Admin"],
    tags,
    summary: "Admin only: restores a deleted app user",
    description:
      "notRestored says what the restore does not bring back (the sessions the delete ended, the " +
      "appointments it cancelled). 404 when no app user has the id; 409 when it is not deleted, was erased " +
      "by the customer, or another account took its username, email or CNIC meanwhile (naming the field; " +
      "nothing is restored).",
    params: userIdParamsSchema,
    responses: { 200: userRestoredSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  sendPasswordReset: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/send-password-reset`,
    refusals: { 409: [appUserMessages.passwordResetAppUsersOnly] },
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Mails an app user a link to choose a new password (the link of Forgot password)",
    description:
      "The link opens the customer site's reset page. Within a minute of the last link no new mail goes (that " +
      "one still works; the message says so). 404 when no account has the id; 409 for an internal account " +
      "(staff ask for their own link on the sign-in page); 429 past the sign-in rate limit.",
    params: userIdParamsSchema,
    responses: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  }),
  decideCnic: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/cnic-verification`,
    refusals: { 409: [appUserMessages.cnicNotPending, appUserMessages.cnicStillHeld] },
    auth: BACK_OFFICE_ROLES,
    tags,
    summary:
      "Verify or reject the CNIC a customer sent (a rejection gives the reason the customer is mailed)",
    description:
      "Only a pending check is decided: 409 when the CNIC is not waiting for one (two staff deciding at once: " +
      "the second). Audited; the customer is mailed the decision in their language. 400 for a rejection " +
      "without a reason; 404 when no app user has the id. The queue is the list with verification=pending.",
    params: userIdParamsSchema,
    body: cnicDecisionBodySchema,
    responses: { 200: userSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  devices: endpoint({
    method: "GET",
    path: `${USER_API}/users/{id}/devices`,
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "The devices an app user is signed in on in the customer app or site, last used first",
    description: "404 when no app user has the id.",
    params: userIdParamsSchema,
    responses: { 200: customerDeviceListSchema, 404: apiErrorSchema },
  }),
  signOutEverywhere: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/sign-out-everywhere`,
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Sign an app user out of every device (customer app and site)",
    description:
      "For a lost phone or a customer who asks: every session and refresh chain ends at once, audited with " +
      "the count. 404 when no app user has the id.",
    params: userIdParamsSchema,
    responses: { 200: messageSchema, 404: apiErrorSchema },
  }),
};
