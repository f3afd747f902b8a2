import { z } from "zod";

/** The one error shape every API answer uses (architecture: API conventions). */
export const apiErrorSchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Spec section 9: lists show pages of 12. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** Query of the paged form of every list endpoint. Absent page = the whole list, as the spec says. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const messageSchema = z.object({ message: z.string() });

/** Images (spec sections 3 and 5): at most 5 MB, checked by content on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg"] as const;
/** The browser's accept attribute for png, jpg, jpeg only (spec section 9). */
export const LOGO_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

/** Spec section 8, general. */
export const generalMessages = {
  fallback: "An error occurred",
  unauthorized: "Authentication failed. Please login again.",
  invalidData: "Invalid data provided. Please check all fields.",
  serverError: "Server error. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

/** Server-side messages that the spec does not give (our wording). */
export const serverMessages = {
  notSignedIn: "You must be signed in to do this",
  sessionInvalid: "Your session has expired or was ended. Please sign in again.",
  forbidden: "You do not have permission to do this",
  notFound: "Not found",
  validation: "Some fields are not valid",
  fileTooLarge: "The file is too large: images must be at most 5 MB",
  fileTypePngJpeg: "Only PNG and JPEG images are accepted",
  fileTypeImage: "Only image files are accepted",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  internal: "Something went wrong on our side. Please try again later.",
} as const;

/** Booleans arrive from multipart forms as text: "true"/"false"/"1"/"0"/"on". */
export const formBoolean = z
  .union([z.boolean(), z.string()])
  .transform((value) =>
    typeof value === "boolean" ? value : ["true", "1", "on", "yes"].includes(value.toLowerCase()),
  );
