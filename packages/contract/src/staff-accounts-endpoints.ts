import { roleBodySchema } from "./account";
import { accountControlMessages } from "./account-constants";
import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { userDecisionSchema, userIdParamsSchema } from "./users";
import { approvalMessages } from "./users-constants";
import { userTags as tags, USER_API } from "./users-endpoints";

/** The refusals every control of an account can give (account-control in the API). */
const controlRefusals = [
  accountControlMessages.internalOnly,
  accountControlMessages.notActive,
  accountControlMessages.notSelf,
];

const params = userIdParamsSchema;
const CONTROL_REFUSALS =
  "404 when no account has the id; 409 for an app user, an account that is not active (pending or " +
  "rejected), oneself, or the last active Admin.";

/** An Admin's decisions on registrations and control of the internal (staff) accounts. */
export const staffAccountEndpoints = {
  approve: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/approve`,
    refusals: { 409: [approvalMessages.notPending] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: lets a pending registration sign in",
    description:
      "The account is mailed that it can sign in. 404 when no account has the id; 409 when it is not waiting for a decision.",
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  reject: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/reject`,
    refusals: { 409: [approvalMessages.notPending] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: refuses a pending registration (the account is kept but hidden)",
    description: "404 when no account has the id; 409 when it is not waiting for a decision.",
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  reopen: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/reopen`,
    refusals: { 409: [approvalMessages.notRejected] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: puts a rejected registration back to pending approval (audited)",
    description:
      "The account is listed again, waiting for Approve or Reject; it still cannot sign in until approved. " +
      "404 when no account has the id; 409 when it is not rejected.",
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  suspend: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/suspend`,
    refusals: {
      409: [...controlRefusals, accountControlMessages.lastAdmin, accountControlMessages.alreadySuspended],
    },
    auth: ["Admin"],
    tags,
    summary: "Admin only: suspends an internal account; its sessions end at once",
    description: `${CONTROL_REFUSALS} 409 also when it is suspended already.`,
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  reactivate: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/reactivate`,
    refusals: { 409: [...controlRefusals, accountControlMessages.notSuspended] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: lets a suspended account sign in again",
    description: `${CONTROL_REFUSALS} 409 also when it is not suspended.`,
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  changeRole: endpoint({
    method: "PUT",
    path: `${USER_API}/users/{id}/role`,
    refusals: { 409: [...controlRefusals, accountControlMessages.lastAdmin] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: makes an internal account Admin or Staff; its sessions end",
    description: `400 for a role other than Admin or Staff. ${CONTROL_REFUSALS}`,
    params,
    body: roleBodySchema,
    responses: { 200: userDecisionSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  endSessions: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/end-sessions`,
    refusals: { 409: [accountControlMessages.internalOnly, accountControlMessages.notActive] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: signs an internal account out of every session",
    description:
      "404 when no account has the id; 409 for an app user or an account that is not active (an Admin may " +
      "end their own sessions).",
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  resetTwoFactor: endpoint({
    method: "DELETE",
    path: `${USER_API}/users/{id}/mfa`,
    refusals: { 409: [...controlRefusals] },
    auth: ["Admin"],
    tags,
    summary:
      "Admin only: removes an internal account's second factors (authenticator app, recovery codes, passkeys); its sessions end",
    description: CONTROL_REFUSALS,
    params,
    responses: { 200: userDecisionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  unlock: endpoint({
    method: "POST",
    path: `${USER_API}/users/{id}/unlock`,
    refusals: { 409: [approvalMessages.unlockInternalOnly] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: ends the sign-in lock and slow-down that failed attempts left on an account",
    description:
      "Audited with how many failures it cleared. 404 when no account has the id; 409 for an app user (they " +
      "do not sign in to the back-office).",
    params,
    responses: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
};
