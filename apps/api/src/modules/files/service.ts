import {
  IMAGE_PURPOSES,
  type ImagePurpose,
  MAX_IMAGE_SIDE,
  serverMessages,
  THUMBNAIL_SIDE,
  uploadMessages,
} from "@visadesk/contract/common-constants";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Sharp } from "sharp";
import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import { type Clock, systemClock } from "#api/lib/clock";
import { PayloadTooLarge, ServiceBusy, UnsupportedMediaType } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { UploadedFile } from "#api/plugins/uploads";
import { type AuditContext, recordAudit } from "../audit/service";
import { boundImageContainer } from "./image-container";
import { ImageQueueFull, imageQueue } from "./image-queue";
import { deleteFile, deleteFiles, findFile, findThumbnail, insertFile, setThumbnail } from "./repository";

/** Public images live under /files/; private ones (CNIC) only under the authenticated API path. */
export const PUBLIC_FILES_PREFIX = "/files/";
export const PRIVATE_FILES_PREFIX = "/api/v2/files/";

/** A stored file's id from the path `store` returned. */
export const fileIdOf = (path: string) =>
  path.replace(PRIVATE_FILES_PREFIX, "").replace(PUBLIC_FILES_PREFIX, "");

export type ImageKind = "png-jpeg" | "any-image";
export type { ImagePurpose };

export interface CheckedImage {
  contentType: string;
  extension: string;
  content: Buffer;
  /** The small copy lists and cards show (THUMBNAIL_SIDE on its shorter side). */
  thumbnail: Buffer;
}

/** Formats accepted on the way in (by content, never by name); whatever comes in is stored as WebP. */
const ACCEPTED: Record<ImageKind, ReadonlySet<string>> = {
  "png-jpeg": new Set(["image/png", "image/jpeg"]),
  "any-image": new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "image/tiff"]),
};
const STORED = { contentType: "image/webp", extension: "webp" } as const;
/** Tried in turn until the picture fits its purpose's stored-size cap; most fit at the first. */
const QUALITIES = [80, 60, 40] as const;
/** How libvips says a canvas is over `limitInputPixels`. */
const PIXEL_LIMIT = /exceeds pixel limit/i;
/** Images stored before uploads were checked are read within the largest purpose's budget. */
const MAX_STORED_INPUT_PIXELS = Math.max(...Object.values(IMAGE_PURPOSES).map((p) => p.maxInputPixels));

/**
 * Checks an upload by its content (never by its name) and re-encodes it, so what is stored and served is
 * pixels we wrote: no metadata (EXIF GPS location, camera, comments), orientation applied, nothing hidden
 * after the image data. Only the first frame or page is read (an animation or a multi-page TIFF is not a
 * picture's business), scaled down to the purpose's size and stored as WebP.
 * 415 for anything but an accepted image (a renamed HTML or SVG file) and for a container whose metadata is
 * over its bounds (image-container/); 413 for a canvas over the purpose's pixel budget (refused from the
 * header, read in the queue like every decode, before any pixel is decoded) and for a picture that, re-encoded,
 * is still over its stored-size cap; 503 when too many images already wait their turn.
 */
export async function checkImage(
  file: UploadedFile,
  kind: ImageKind,
  purpose: ImagePurpose,
): Promise<CheckedImage> {
  const detected = await fileTypeFromBuffer(file.content);
  if (!detected || !ACCEPTED[kind].has(detected.mime)) {
    throw new UnsupportedMediaType(
      kind === "png-jpeg" ? serverMessages.fileTypePngJpeg : serverMessages.fileTypeImage,
    );
  }
  const budget = IMAGE_PURPOSES[purpose];
  // Metadata bounded before anything is inflated: text chunks, comments and extra frames never reach libvips.
  let content: Buffer;
  try {
    content = boundImageContainer(file.content, detected.mime);
  } catch {
    throw new UnsupportedMediaType(serverMessages.imageUnreadable);
  }
  const tooManyPixels = () => new PayloadTooLarge(uploadMessages.tooManyPixels(purpose));
  const encoded = await imageQueue
    .run(async () => {
      // The header first (the first frame or page): a canvas over budget is refused before any pixel is decoded.
      const metadata = await sharp(content, { limitInputPixels: budget.maxInputPixels }).metadata();
      const height = metadata.pageHeight ?? metadata.height;
      if (
        metadata.width > MAX_IMAGE_SIDE ||
        height > MAX_IMAGE_SIDE ||
        metadata.width * height > budget.maxInputPixels
      )
        throw tooManyPixels();
      // Decoded once (first frame, orientation applied, scaled down); each quality only re-encodes.
      const { data, info } = await sharp(content, {
        limitInputPixels: budget.maxInputPixels,
        failOn: "error",
      })
        .autoOrient()
        .resize({ width: budget.maxSide, height: budget.maxSide, fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      let stored: Buffer | undefined;
      for (const quality of QUALITIES) {
        stored = await sharp(data, raw).webp({ quality }).toBuffer();
        if (stored.length <= budget.maxStoredBytes) break;
      }
      if (!stored || stored.length > budget.maxStoredBytes) return undefined;
      return { content: stored, thumbnail: await makeThumbnail(sharp(data, raw)) };
    })
    .catch((error: unknown) => {
      if (error instanceof ImageQueueFull) throw new ServiceBusy(serverMessages.imagesBusy, 5);
      if (error instanceof PayloadTooLarge) throw error;
      if (error instanceof Error && PIXEL_LIMIT.test(error.message)) throw tooManyPixels();
      throw new UnsupportedMediaType(serverMessages.imageUnreadable);
    });
  if (!encoded) throw new PayloadTooLarge(uploadMessages.storedTooLarge(purpose));
  return { ...STORED, ...encoded };
}

/** THUMBNAIL_SIDE on the shorter side: it fills a round or square avatar without being scaled up. */
function makeThumbnail(image: Sharp): Promise<Buffer> {
  return image
    .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "outside", withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

export function createFileService(db: Db, clock: Clock = systemClock) {
  return {
    /**
     * Stores a checked image under a server-made name and returns its relative path. Pass the transaction
     * that writes the record using the image, so a failed write leaves no orphan file behind.
     */
    async store(
      image: CheckedImage,
      options: {
        isPrivate: boolean;
        createdBy: string | null;
        at: Date;
        /** False only for a consultant's public image (logo, pictures); personal unless said. */
        isPersonal?: boolean;
      },
      executor: Executor = db.kysely,
    ) {
      const id = `${newGuid()}.${image.extension}`;
      await insertFile(executor, {
        id,
        contentType: image.contentType,
        size: image.content.length,
        content: image.content,
        thumbnail: image.thumbnail,
        isPrivate: options.isPrivate,
        isPersonal: options.isPersonal ?? true,
        createdAt: options.at.toISOString(),
        createdBy: options.createdBy,
      });
      return (options.isPrivate ? PRIVATE_FILES_PREFIX : PUBLIC_FILES_PREFIX) + id;
    },

    /**
     * A private file (a CNIC image) for a back-office user: each view is audited, and the row is written
     * before the bytes are read, so no image goes out unrecorded. An unknown name records nothing.
     */
    async viewPrivate(id: string, context: AuditContext) {
      return db.kysely.transaction().execute(async (trx) => {
        const file = await findFile(trx, id, true);
        if (file)
          await recordAudit(trx, {
            context,
            action: "view-cnic",
            entity: "file",
            entityId: id,
            at: clock.now(),
          });
        return file;
      });
    },

    /** Deletes a stored image by the path `store` returned (a picture replaced or removed). */
    async remove(path: string, executor: Executor = db.kysely) {
      await deleteFile(executor, fileIdOf(path));
    },

    /** Deletes stored files by their ids, at once (an erased customer's images). */
    async removeIds(ids: string[], executor: Executor = db.kysely) {
      if (ids.length > 0) await deleteFiles(executor, ids);
    },

    find: (id: string, isPrivate: boolean) => findFile(db.kysely, id, isPrivate),

    /**
     * The small copy of a public image. Images stored before thumbnails existed get theirs made on first
     * ask, kept for the next time.
     */
    async findThumbnail(id: string) {
      const row = await findThumbnail(db.kysely, id);
      if (!row) return undefined;
      const { isPersonal } = row;
      if (row.thumbnail) return { contentType: STORED.contentType, content: row.thumbnail, isPersonal };
      const original = await findFile(db.kysely, id, false);
      if (!original) return undefined;
      const thumbnail = await imageQueue
        .run(() =>
          makeThumbnail(
            sharp(original.content, { limitInputPixels: MAX_STORED_INPUT_PIXELS, failOn: "none" }),
          ),
        )
        .catch(() => undefined);
      // Unreadable or the queue is full: the original still shows the picture.
      if (!thumbnail) return original;
      await setThumbnail(db.kysely, id, thumbnail);
      return { contentType: STORED.contentType, content: thumbnail, isPersonal };
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
