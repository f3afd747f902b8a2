import { z } from "zod";
import {
  changePasswordBodySchema,
  myAccountSchema,
  mySessionSchema,
  profileFieldsSchema,
  sessionIdParamsSchema,
} from "./account";
import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["account"];
/** Every signed-in back-office person, on their own account only. */
const auth = BACK_OFFICE_ROLES;

/** PUT account/profile (multipart/form-data): the spec's field names; no ProfilePic keeps the stored one. */
export const profileFormSchema = profileFieldsSchema.extend({
  ProfilePic: z
    .file()
    .meta({
      description:
        "My new profile picture (PNG, JPEG, WebP, GIF, AVIF or TIFF, at most 5 MB, checked by content; stored as WebP)",
    })
    .optional(),
});

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
  updateProfile: endpoint({
    method: "PUT",
    path: "/api/v2/account/profile",
    auth,
    tags,
    summary: "Changes my first name, last name, phone and picture (multipart; no ProfilePic keeps it)",
    description:
      "multipart/form-data: FirstName, LastName, PhoneNumber and an optional ProfilePic. 400 names each " +
      "invalid field; 413 for a picture over 5 MB, 415 for a file that is not an image. The change is audited.",
    form: profileFormSchema,
    responses: { 200: z.object({ message: z.string(), account: myAccountSchema }) },
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
