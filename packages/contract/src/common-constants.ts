/** Constants and messages every domain shares, free of zod so any page can import them cheaply. */
/** Spec section 9: lists show pages of 12. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** The largest whole number an integer column holds (32 bits on PostgreSQL): ids and counts stay below it. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** Images (spec sections 3 and 5): at most 5 MB, checked by content on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Pixel limits of an uploaded image: a small file may declare a huge canvas (a decompression bomb). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg"] as const;
/** The browser's accept attribute for png, jpg, jpeg only (spec section 9). */
export const LOGO_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

/** Spec section 8, general. */
export const generalMessages = {
  fallback: "An error occurred",
  invalidData: "Invalid data provided. Please check all fields.",
  serverError: "Server error. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

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
  imageTooManyPixels: "The image is too large: at most 10,000 pixels a side and 40 megapixels",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  internal: "Something went wrong on our side. Please try again later.",
  formUnreadable: "The form could not be read: send it again as complete multipart/form-data",
  nulCharacter: "Text must not contain NUL (\\0) characters",
  databaseUnavailable: "The database is unavailable. Please try again in a moment.",
  badUrl: "The address is not valid: it has a broken percent-encoding (%XX)",
  urlTooLong: "The address is too long: a path part may have at most 100 characters",
  unsupportedContentType:
    "This content type is not accepted: send JSON (application/json) or a multipart form",
  emptyJsonBody: "The request body is empty: send a JSON object",
  invalidJson: "The request body is not valid JSON",
  badContentLength: "The Content-Length header does not match the body",
} as const;
