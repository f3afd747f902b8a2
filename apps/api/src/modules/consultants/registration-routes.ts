import { serverMessages } from "@visadesk/contract/common-constants";
import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
  REQUIRED_CONSULTANT_FIELDS,
} from "@visadesk/contract/consultant-field-maps-constants";
import type { ConsultantFields } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { readForm, route } from "#api/lib/endpoint-route";
import { ValidationError } from "#api/lib/errors";
import { expectedVersion, versionField } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import { checkImage } from "../files/service";
import type { ConsultantImages } from "./registration";
import type { ConsultantService } from "./service";

/** Each multipart name's entity name (Name → name, GuidId → guidId): field errors are named by entity. */
const entityNameOf: Record<string, string> = {
  ...Object.fromEntries(Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([field, name]) => [name, field])),
  GuidId: "guidId",
  Version: "version",
};

const isUnreadable = (fieldErrors: Record<string, string>) =>
  "body" in fieldErrors || Object.values(fieldErrors).includes(serverMessages.nulCharacter);

/**
 * Reads the multipart form of register/update (the declaration's form: the spec's field names), field
 * errors by entity name with the spec's "fill in" message when a required one is missing, and checks the
 * images by content (png/jpeg only).
 */
async function readConsultantForm(request: FastifyRequest) {
  let form: Awaited<ReturnType<typeof readForm<typeof consultantEndpoints.register>>>;
  try {
    form = await readForm(request, consultantEndpoints.register);
  } catch (error) {
    // The form's own refusals (not multipart, unreadable, a NUL character) go out as they are.
    if (!(error instanceof ValidationError) || !error.fieldErrors || isUnreadable(error.fieldErrors)) {
      throw error;
    }
    const fieldErrors = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([name, message]) => [entityNameOf[name] ?? name, message]),
    );
    const missingRequired = REQUIRED_CONSULTANT_FIELDS.some((field) => field in fieldErrors);
    throw new ValidationError(fieldErrors, missingRequired ? consultantMessages.fillRequired : undefined);
  }
  const { fields, files } = form;
  const entityFields = Object.fromEntries(
    Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([field, name]) => [
      field,
      fields[name as keyof typeof fields],
    ]),
  ) as ConsultantFields;
  const images: ConsultantImages = {};
  for (const [field, name] of Object.entries(CONSULTANT_FILE_FIELDS)) {
    const file = files[name];
    if (file) {
      const purpose = field === "logoURL" ? "logo" : "profilePicture";
      images[field as keyof ConsultantImages] = await checkImage(file, "png-jpeg", purpose);
    }
  }
  return {
    fields: entityFields,
    guidId: fields.GuidId,
    images,
    version: versionField({ version: fields.version, Version: fields.Version }),
  };
}

/** Register and update: the consultant's multipart form. */
export function registrationRoutes(app: FastifyInstance, consultants: ConsultantService) {
  route(app, consultantEndpoints.register, async (request) => {
    const form = await readConsultantForm(request);
    return consultants.create(form.fields, form.guidId, form.images, signedInUser(request));
  });

  route(app, consultantEndpoints.update, async (request) => {
    const form = await readConsultantForm(request);
    if (!form.guidId) throw new ValidationError({ guidId: consultantMessages.guidRequired });
    return consultants.update(
      form.guidId,
      form.fields,
      form.images,
      signedInUser(request),
      expectedVersion(request, form.version),
    );
  });
}
