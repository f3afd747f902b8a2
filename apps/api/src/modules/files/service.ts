import { randomUUID } from "node:crypto";
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, serverMessages } from "@visadesk/contract/common";
import { fileTypeFromBuffer } from "file-type";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { PayloadTooLarge, UnsupportedMediaType } from "../../lib/errors";
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

type OutputFormat = "png" | "jpeg" | "webp" | "gif";
/** Accepted formats (by content) and what they are stored as: the common web formats keep theirs. */
const STORED_AS: Record<string, OutputFormat> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "png",
  "image/tiff": "png",
};
const OUTPUT: Record<OutputFormat, { contentType: string; extension: string }> = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  webp: { contentType: "image/webp", extension: "webp" },
  gif: { contentType: "image/gif", extension: "gif" },
};

// Every upload is a new image: libvips's operation cache would only hold memory.
sharp.cache(false);

/**
 * Checks an upload by its content (never by its name) and re-encodes it, so what is stored and served is
 * pixels we wrote: no metadata (EXIF GPS location, camera, comments), orientation applied, nothing hidden
 * after the image data. 415 for anything but an accepted image (a renamed HTML or SVG file), 413 for a
 * canvas over the pixel limits, which is refused from the header before any pixel is decoded.
 */
export async function checkImage(file: UploadedFile, kind: ImageKind): Promise<CheckedImage> {
  const detected = await fileTypeFromBuffer(file.content);
  const format = detected ? STORED_AS[detected.mime] : undefined;
  const accepted = kind === "png-jpeg" ? format === "png" || format === "jpeg" : format !== undefined;
  if (!format || !accepted) {
    throw new UnsupportedMediaType(
      kind === "png-jpeg" ? serverMessages.fileTypePngJpeg : serverMessages.fileTypeImage,
    );
  }
  // Animated GIF/WebP keep every frame; the limits then count all of them.
  const animated = format === "gif" || format === "webp";
  const input = { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  const metadata = await sharp(file.content, { ...input, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new UnsupportedMediaType(serverMessages.imageUnreadable);
    });
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (
    metadata.width > MAX_IMAGE_SIDE ||
    frameHeight > MAX_IMAGE_SIDE ||
    metadata.width * metadata.height > MAX_IMAGE_PIXELS
  ) {
    throw new PayloadTooLarge(serverMessages.imageTooManyPixels);
  }
  // Metadata is dropped unless asked for; autoOrient turns the pixels as the EXIF orientation said.
  const pipeline = sharp(file.content, input);
  const content = await (animated ? pipeline : pipeline.autoOrient())
    .toFormat(format, format === "jpeg" || format === "webp" ? { quality: 90 } : {})
    .toBuffer()
    .catch(() => {
      throw new UnsupportedMediaType(serverMessages.imageUnreadable);
    });
  return { ...OUTPUT[format], content };
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
