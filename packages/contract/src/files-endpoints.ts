import { z } from "zod";
import { apiErrorSchema } from "./common";
import { endpoint } from "./endpoint";
import { fileAnswerHeaders, fileAnswerSchema, fileParamsSchema, fileQuerySchema } from "./files";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["files"];

/**
 * Uploaded images. The answers link public images (a consultant's logo and pictures, a profile picture) as
 * `/files/<uuid>.webp`; CNIC images, which are personal, only under the authenticated API path.
 */
export const fileEndpoints = {
  publicImage: endpoint({
    method: "GET",
    path: "/files/{name}",
    auth: "public",
    tags,
    summary: "A public image by the name its record links (a logo, a consultant's or a user's picture)",
    description:
      "The link an answer gives (logoURL, profilePic, …) as it is: `/files/<uuid>.webp`. A consultant's " +
      "logo and pictures may be kept for good, as a name is never reused (Cache-Control: public, " +
      "max-age=31536000, immutable). A person's picture (an app user's or a staff member's) is personal " +
      "data: `private, no-cache` with an ETag, so a cache asks again each time (304 while it is unchanged) " +
      "and an erased picture answers 404. ?size=thumbnail answers the small copy lists and cards show. 404 " +
      "for an unknown name and for a private image (a CNIC image is never served here).",
    params: fileParamsSchema,
    query: fileQuerySchema,
    produces: ["image/webp"],
    answerHeaders: {
      ...fileAnswerHeaders(
        "public, max-age=31536000, immutable: names are never reused (a consultant's image); " +
          "private, no-cache for a person's picture, revalidated by its ETag",
      ),
      ETag: "The image's version: send it back in If-None-Match to get 304 while it is unchanged",
    },
    responses: {
      200: fileAnswerSchema,
      304: z.void().describe("Not modified: the copy whose ETag was sent in If-None-Match is still current"),
      404: apiErrorSchema,
    },
  }),
  image: endpoint({
    method: "GET",
    path: "/api/v2/files/{name}",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "An uploaded image by its name, CNIC images included (staff only)",
    description:
      "Any stored image by its name: a private one (a CNIC image, as `cnicFront` and `cnicBack` link it) " +
      "and a public one (the name of a `/files/` link). Each view of a CNIC image is recorded in the " +
      "history before it is sent. Never kept by a browser or proxy (Cache-Control: private, no-store). " +
      "404 for an unknown name.",
    params: fileParamsSchema,
    produces: ["image/webp"],
    answerHeaders: fileAnswerHeaders("private, no-store: personal data is never kept"),
    responses: { 200: fileAnswerSchema, 404: apiErrorSchema },
  }),
};
