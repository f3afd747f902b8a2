import { randomUUID } from "node:crypto";
import { serverMessages } from "@visadesk/contract/common";
import { fileTypeFromBuffer } from "file-type";
import type { Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { UnsupportedMediaType } from "../../lib/errors";
import type { UploadedFile } from "../../plugins/uploads";

/** Public images live under /files/; private ones (CNIC) only under the authenticated API path. */
export const PUBLIC_FILES_PREFIX = "/files/";
export const PRIVATE_FILES_PREFIX = "/api/v2/files/";

export type ImageKind = "png-jpeg" | "any-image";

export interface CheckedImage {
  contentType: string;
  extension: string;
  content: Buffer;
}

/** Checks an upload by its content (never by its name); throws 415 when it is not an accepted image. */
export async function checkImage(file: UploadedFile, kind: ImageKind): Promise<CheckedImage> {
  const detected = await fileTypeFromBuffer(file.content);
  const accepted =
    kind === "png-jpeg"
      ? detected?.mime === "image/png" || detected?.mime === "image/jpeg"
      : Boolean(detected?.mime.startsWith("image/"));
  if (!detected || !accepted) {
    throw new UnsupportedMediaType(
      kind === "png-jpeg" ? serverMessages.fileTypePngJpeg : serverMessages.fileTypeImage,
    );
  }
  return { contentType: detected.mime, extension: detected.ext, content: file.content };
}

export function createFileService(db: Db) {
  return {
    /**
     * Stores a checked image under a server-made name and returns its relative path. Pass the transaction
     * that writes the record using the image, so a failed write leaves no orphan file behind.
     */
    async store(
      image: CheckedImage,
      options: { isPrivate: boolean; createdBy: string | null; at: Date },
      executor: Kysely<Database> = db.kysely,
    ) {
      const id = `${randomUUID()}.${image.extension}`;
      await executor
        .insertInto("files")
        .values({
          id,
          contentType: image.contentType,
          size: image.content.length,
          content: image.content,
          isPrivate: options.isPrivate,
          createdAt: options.at.toISOString(),
          createdBy: options.createdBy,
        })
        .execute();
      return (options.isPrivate ? PRIVATE_FILES_PREFIX : PUBLIC_FILES_PREFIX) + id;
    },

    async find(id: string, isPrivate: boolean) {
      return db.kysely
        .selectFrom("files")
        .select(["contentType", "size", "content"])
        .where("id", "=", id)
        .where("isPrivate", "=", isPrivate)
        .executeTakeFirst();
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
