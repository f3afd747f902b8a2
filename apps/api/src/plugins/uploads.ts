import multipart from "@fastify/multipart";
import {
  MAX_FORM_FIELD_BYTES,
  MAX_FORM_FIELDS,
  MAX_FORM_FILES,
  MAX_IMAGE_BYTES,
  serverMessages,
  uploadMessages,
} from "@visadesk/contract/common-constants";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { PayloadTooLarge, ValidationError } from "../lib/errors";
import { findNulCharacter } from "./input-guard";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  content: Buffer;
}
export interface MultipartForm {
  /** Each text part by name; a name sent more than once keeps its last value here. */
  fields: Record<string, string>;
  /** Every value of each text part in the order sent (a list field sends its name once per item). */
  fieldLists: Record<string, string[]>;
  files: Record<string, UploadedFile>;
}

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    // Over a limit, reading the parts throws; readMultipart answers each with a 413 that names it.
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_FORM_FILES,
      fields: MAX_FORM_FIELDS,
      fieldSize: MAX_FORM_FIELD_BYTES,
      parts: MAX_FORM_FILES + MAX_FORM_FIELDS,
    },
  });
});

/** The limit of the multipart parser that was hit, as the 413 that names it. */
function limitError(code: string | undefined, maxFileBytes: number): PayloadTooLarge | undefined {
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new PayloadTooLarge(uploadMessages.fileTooLarge(maxFileBytes));
    case "FST_FILES_LIMIT":
      return new PayloadTooLarge(uploadMessages.tooManyFiles);
    case "FST_FIELDS_LIMIT":
      return new PayloadTooLarge(uploadMessages.tooManyFields);
    case "FST_PARTS_LIMIT":
      return new PayloadTooLarge(uploadMessages.tooManyParts);
    default:
      return undefined;
  }
}

/**
 * Reads a whole multipart form: text fields by name, and files (empty file inputs are ignored).
 * `maxFileBytes` lowers the size limit of each file for this form (the public one takes smaller files).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFileBytes?: number } = {},
): Promise<MultipartForm> {
  const maxFileBytes = options.maxFileBytes ?? MAX_IMAGE_BYTES;
  if (!request.isMultipart()) {
    throw new ValidationError({ body: "Send the form as multipart/form-data" });
  }
  // No prototype: a part named toString or hasOwnProperty is then just a name, never an inherited member.
  const form: MultipartForm = {
    fields: Object.create(null),
    fieldLists: Object.create(null),
    files: Object.create(null),
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (content.length > 0) {
          form.files[part.fieldname] = { fieldName: part.fieldname, fileName: part.filename, content };
        }
      } else if (part.valueTruncated) {
        // The parser cuts a long value short without a word: a cut value would be stored as if whole.
        throw new PayloadTooLarge(uploadMessages.fieldTooLong);
      } else if (typeof part.value === "string") {
        form.fields[part.fieldname] = part.value;
        form.fieldLists[part.fieldname] = [...(form.fieldLists[part.fieldname] ?? []), part.value];
      }
    }
  } catch (error) {
    const limit = limitError((error as { code?: string }).code, maxFileBytes);
    if (limit) throw limit;
    // The parser's own errors (no boundary, a body cut short) carry no status: they are the client's
    // broken form, not a fault of ours. Limits (413) and the like keep their status.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new ValidationError({ body: serverMessages.formUnreadable });
  }
  // Multipart fields are read here, after the hooks: the same NUL check as for JSON bodies.
  const field = findNulCharacter(form.fields);
  if (field !== null) throw new ValidationError({ [field]: serverMessages.nulCharacter });
  return form;
}
