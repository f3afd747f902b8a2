import { apiErrorSchema } from "@visadesk/contract/common";
import { consultantFieldsSchema, consultantSchema, guidIdSchema } from "@visadesk/contract/consultants";
import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
  consultantMessages,
  REQUIRED_CONSULTANT_FIELDS,
} from "@visadesk/contract/consultants-constants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ValidationError } from "#api/lib/errors";
import { expectedVersion, versionField } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import { readMultipart } from "#api/plugins/uploads";
import { checkImage } from "../files/service";
import type { ConsultantImages } from "./registration";
import type { ConsultantService } from "./service";

const tags = ["consultants"];
const auth = BACK_OFFICE_ROLES;

/**
 * Reads the multipart form of register/update (the contract's field names), validates it with the shared
 * schema (field errors by entity name) and checks the images by content (png/jpeg only).
 */
async function readConsultantForm(request: FastifyRequest) {
  const form = await readMultipart(request);
  const input = Object.fromEntries(
    Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([field, name]) => [field, form.fields[name]]),
  );
  const result = consultantFieldsSchema.safeParse(input);
  const guid = form.fields.GuidId?.trim() || undefined;
  const guidOk = guid === undefined || guidIdSchema.safeParse(guid).success;
  if (!result.success || !guidOk) {
    const fieldErrors = result.success ? {} : ValidationError.fromZod(result.error).fieldErrors!;
    if (!guidOk) fieldErrors.guidId = consultantMessages.guidInvalid;
    const missingRequired = REQUIRED_CONSULTANT_FIELDS.some((field) => field in fieldErrors);
    throw new ValidationError(fieldErrors, missingRequired ? consultantMessages.fillRequired : undefined);
  }
  const images: ConsultantImages = {};
  for (const [field, name] of Object.entries(CONSULTANT_FILE_FIELDS)) {
    const file = form.files[name];
    if (file) {
      const purpose = field === "logoURL" ? "logo" : "profilePicture";
      images[field as keyof ConsultantImages] = await checkImage(file, "png-jpeg", purpose);
    }
  }
  return { fields: result.data, guidId: guid, images, version: versionField(form.fields) };
}

/** Register and update: the consultant's multipart form (under /api/v2/Consultants). */
export function registrationRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  consultants: ConsultantService,
) {
  app.post(
    "/register",
    {
      config: { auth },
      schema: {
        tags,
        summary:
          "Add a consultant (multipart: spec field names; optional Logo, ProfilePic, ProfilePicThumbnail)",
        consumes: ["multipart/form-data"],
        // 409: the GuidId is taken.
        response: { 201: consultantSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const form = await readConsultantForm(request);
      const created = await consultants.create(form.fields, form.guidId, form.images, signedInUser(request));
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/update",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Update the consultant named by GuidId; a missing image keeps the existing one",
        description:
          "Another TimeZone keeps each appointment's instant and writes its appointmentDate and " +
          "appointmentTime as that instant in the new zone (see time-zone-change). " +
          "Optimistic concurrency: send the consultant's `version` as it was read (a `version` form field, " +
          'or an If-Match: "<version>" header). If the consultant changed since, the answer is 409 ' +
          '"This record was changed by someone else since you opened it" and nothing is saved. ' +
          "Without a version the update is not checked (the spec's own form sends none).",
        consumes: ["multipart/form-data"],
        // 404: no such consultant; 409: the version is not current, or two appointments would meet on
        // one local time in the new zone.
        response: { 200: consultantSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const form = await readConsultantForm(request);
      if (!form.guidId) throw new ValidationError({ guidId: consultantMessages.guidRequired });
      return consultants.update(
        form.guidId,
        form.fields,
        form.images,
        signedInUser(request),
        expectedVersion(request, form.version),
      );
    },
  );
}
