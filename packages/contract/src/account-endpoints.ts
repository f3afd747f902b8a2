import { z } from "zod";
import { myAccountSchema, mySessionSchema, sessionIdParamsSchema } from "./account";
import { changePasswordBodySchema, profileFieldsSchema } from "./account-forms";
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
    description: "The signed-in person's details, role and picture; never anything of the password.",
    responses: { 200: myAccountSchema },
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/v2/account/change-password",
    auth,
    tags,
    summary: "Changes my password (the current one is required); my other sessions end",
    description:
      "400: the current password is wrong, or the new one is refused (too short, too common, the same as " +
      "the current one). 429: wrong current passwords count toward the sign-in lockout. The change is audited.",
    body: changePasswordBodySchema,
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
    description:
      "Each with its device (read from the user agent), address, start and last use; current marks this one.",
    responses: { 200: z.array(mySessionSchema) },
  }),
  endSession: endpoint({
    method: "DELETE",
    path: "/api/v2/account/sessions/{id}",
    auth,
    tags,
    summary: "Signs one of my sessions out",
    description: "Its token stops working at once. 404: no session of mine has this id.",
    params: sessionIdParamsSchema,
    responses: { 200: messageSchema },
  }),
  endOtherSessions: endpoint({
    method: "POST",
    path: "/api/v2/account/sessions/end-others",
    auth,
    tags,
    summary: "Signs out every session of mine but this one",
    description: "Their tokens stop working at once; this session stays signed in.",
    responses: { 200: messageSchema },
  }),
};
