/** Constants and messages every domain shares, free of zod so any page can import them cheaply. */
/** Lists show pages of 12. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/** The page sizes a list offers: the spec's 12 first (the default), up to the server's maximum. */
export const PAGE_SIZE_CHOICES = [PAGE_SIZE, 25, 50, MAX_PAGE_SIZE] as const;

/** The largest whole number an integer column holds (32 bits on PostgreSQL): ids and counts stay below it. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** Images: at most 5 MB from a signed-in user, checked by content on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The public registration form takes a smaller picture: anyone can send it, without an account. */
export const MAX_PUBLIC_IMAGE_BYTES = 2 * 1024 * 1024;
/** No side of an uploaded image may be longer than this, whatever it is for. */
export const MAX_IMAGE_SIDE = 10_000;

/**
 * What an uploaded image is for decides how much of it is decoded and kept: a small file may declare a huge
 * canvas (a decompression bomb), and a picture shown in a 40 px avatar needs no 36-megapixel original.
 * `maxInputPixels` is the largest canvas decoded (one frame); the stored image is scaled down to
 * `maxSide` and re-encoded, and must then fit in `maxStoredBytes`.
 */
export const IMAGE_PURPOSES = {
  profilePicture: {
    label: "a profile picture",
    maxInputPixels: 16_000_000,
    maxSide: 512,
    maxStoredBytes: 300 * 1024,
  },
  logo: { label: "a logo", maxInputPixels: 16_000_000, maxSide: 512, maxStoredBytes: 300 * 1024 },
  cnic: { label: "a CNIC image", maxInputPixels: 24_000_000, maxSide: 2000, maxStoredBytes: 1536 * 1024 },
} as const;
export type ImagePurpose = keyof typeof IMAGE_PURPOSES;
/** Lists and cards show a small copy of each picture, this many pixels on its shorter side. */
export const THUMBNAIL_SIDE = 128;

/** Limits of one multipart form (a request body in parts). */
export const MAX_FORM_FILES = 5;
export const MAX_FORM_FIELDS = 60;
export const MAX_FORM_FIELD_BYTES = 64 * 1024;
/** Largest JSON (or other non-multipart) request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** 5242880 -> "5 MB", 307200 -> "300 KB": limits named the way people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** Messages of upload limits that depend on the limit in force; each names it. */
export const uploadMessages = {
  fileTooLarge: (maxBytes: number) =>
    `The file is too large: images must be at most ${formatBytes(maxBytes)}`,
  tooManyPixels: (purpose: ImagePurpose) => {
    const { label, maxInputPixels } = IMAGE_PURPOSES[purpose];
    return `The image is too large: ${label} may have at most ${maxInputPixels / 1_000_000} megapixels and ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels a side`;
  },
  storedTooLarge: (purpose: ImagePurpose) => {
    const { label, maxSide, maxStoredBytes } = IMAGE_PURPOSES[purpose];
    return `The image is too detailed to store: ${label}, scaled to ${maxSide} pixels a side, must fit in ${formatBytes(maxStoredBytes)}. Please choose a simpler picture.`;
  },
  tooManyFiles: `Too many files: a form may carry at most ${MAX_FORM_FILES} files`,
  tooManyFields: `Too many fields: a form may carry at most ${MAX_FORM_FIELDS} fields`,
  tooManyParts: `Too many parts: a form may carry at most ${MAX_FORM_FIELDS} fields and ${MAX_FORM_FILES} files`,
  fieldTooLong: `A field is too long: each text field may hold at most ${formatBytes(MAX_FORM_FIELD_BYTES)}`,
  bodyTooLarge: `The request body is too large: at most ${formatBytes(MAX_BODY_BYTES)}`,
} as const;
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg"] as const;
/** The browser's accept attribute for png, jpg, jpeg only. */
export const LOGO_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

export { generalMessages } from "./general-constants";

/** Server-side messages that the spec does not give (our wording). */
export const serverMessages = {
  notSignedIn: "You must be signed in to do this",
  forbidden: "You do not have permission to do this",
  notFound: "Not found",
  validation: "Some fields are not valid",
  fileTooLarge: "The file is too large: images must be at most 5 MB",
  fileTypePngJpeg: "Only PNG and JPEG images are accepted",
  fileTypeImage: "Only image files are accepted (PNG, JPEG, WebP, GIF, AVIF or TIFF)",
  imageUnreadable: "The image could not be read: it may be damaged. Please choose another file.",
  imagesBusy: "The server is busy processing other images. Please try again in a moment.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  internal: "Something went wrong on our side. Please try again later.",
  formUnreadable: "The form could not be read: send it again as complete multipart/form-data",
  nulCharacter: "Text must not contain NUL (\\0) characters",
  databaseUnavailable: "The database is unavailable. Please try again in a moment.",
  /** 503 of an instance whose database connections are all in use for longer than a request may wait. */
  serverBusy: "The server is busy. Please try again in a moment.",
  badUrl: "The address is not valid: it has a broken percent-encoding (%XX)",
  urlTooLong: "The address is too long: a path part may have at most 100 characters",
  unsupportedContentType:
    "This content type is not accepted: send JSON (application/json) or a multipart form",
  emptyJsonBody: "The request body is empty: send a JSON object",
  invalidJson: "The request body is not valid JSON",
  badContentLength: "The Content-Length header does not match the body",
  /** What the HTTP parser refuses, answered on the raw connection. */
  requestTimeout: "The request took too long to arrive",
  headersTooLarge: "The request headers are too large",
  notHttp: "The request is not valid HTTP",
  /** 409 of an update or delete based on a version of the record that is no longer the stored one. */
  staleVersion: "This record was changed by someone else since you opened it",
  versionInvalid: "The version must be a whole number from 1 up",
  ifMatchInvalid: 'If-Match must hold one record version in quotes, such as "3"',
  versionMismatch: "The version in the body and the one in If-Match differ",
} as const;

/** The "Active / Deleted" filter of the consultant and app user lists (Admins only). */
export const deletedFilterMessages = {
  label: "Show",
  active: "Active",
  deleted: "Deleted",
  restore: "Restore",
  deletedAt: "Deleted",
  emptyDeleted: "No deleted records",
} as const;
