import multipart from "@fastify/multipart";
import { MAX_IMAGE_BYTES, serverMessages } from "@visadesk/contract/common";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ValidationError } from "../lib/errors";
import { findNulCharacter } from "./input-guard";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  content: Buffer;
}
export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    // Over the limit, toBuffer() throws FST_REQ_FILE_TOO_LARGE, which the error plugin answers with 413.
    limits: { fileSize: MAX_IMAGE_BYTES, files: 5, fields: 60, fieldSize: 64 * 1024 },
  });
});

/** Reads a whole multipart form: text fields by name, and files (empty file inputs are ignored). */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new ValidationError({ body: "Send the form as multipart/form-data" });
  }
  // No prototype: a part named toString or hasOwnProperty is then just a name, never an inherited member.
  const form: MultipartForm = { fields: Object.create(null), files: Object.create(null) };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (content.length > 0) {
          form.files[part.fieldname] = { fieldName: part.fieldname, fileName: part.filename, content };
        }
      } else if (typeof part.value === "string") {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
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
