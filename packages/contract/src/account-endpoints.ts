import { z } from "zod";
import { changePasswordBodySchema, myAccountSchema, mySessionSchema, sessionIdParamsSchema } from "./account";
import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["account"];
/** Every signed-in back-office person, on their own account only. */
const auth = BACK_OFFICE_ROLES;

/** One's own account: profile, password and sessions. */
export const accountEndpoints = {
  me: endpoint({
    method: "GET",
    path: "/api/v2/account",
    auth,
    tags,
    summary: "My own profile",
    responses: { 200: myAccountSchema },
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/v2/account/change-password",
    auth,
    tags,
    summary: "Changes my password (the current one is required); my other sessions end",
    body: changePasswordBodySchema,
    // 429: wrong current passwords count toward the sign-in lockout.
    responses: { 200: messageSchema, 429: apiErrorSchema },
  }),
  sessions: endpoint({
    method: "GET",
    path: "/api/v2/account/sessions",
    auth,
    tags,
    summary: "My signed-in sessions",
    responses: { 200: z.array(mySessionSchema) },
  }),
  endSession: endpoint({
    method: "DELETE",
    path: "/api/v2/account/sessions/{id}",
    auth,
    tags,
    summary: "Signs one of my sessions out",
    params: sessionIdParamsSchema,
    responses: { 200: messageSchema },
  }),
  endOtherSessions: endpoint({
    method: "POST",
    path: "/api/v2/account/sessions/end-others",
    auth,
    tags,
    summary: "Signs out every session of mine but this one",
    responses: { 200: messageSchema },
  }),
};
