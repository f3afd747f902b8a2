import { z } from "zod";
import { isCalendarDate } from "./appointments-constants";
import { MAX_DB_INTEGER, MAX_PAGE_SIZE, serverMessages } from "./common-constants";

/** The one error shape every API answer uses (architecture: API conventions). */
export const apiErrorSchema = z.object({
  message: z.string(),
  /** What went wrong, as a stable snake_case word from the catalogue in error-codes (`slot_taken`). */
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  error: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** On a 500: the id under which the server logged the error (also in the x-request-id header). */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Query of the paged form of every list endpoint. Absent page = the whole list, as the spec says. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * On a paged list answer: present (true) when `total` is an estimate, which a list with very many
 * matches gives instead of counting them all; absent when `total` is exact.
 */
export const totalIsEstimateSchema = z.literal(true).optional();

/**
 * The one envelope of the lists that are ours (the spec fixes the others): `data`, the page's rows;
 * `total`, how many match in all (an estimate when `totalIsEstimate` is true).
 */
export function pageSchema<T extends z.ZodType>(item: T, maxItems?: number) {
  return z.object({
    data: maxItems === undefined ? z.array(item) : z.array(item).max(maxItems),
    total: z
      .number()
      .int()
      .min(0)
      .describe("How many match in all (an estimate when totalIsEstimate is true)"),
    totalIsEstimate: totalIsEstimateSchema,
  });
}

/**
 * The envelope of a list paged by cursor: `data` and `nextCursor`, which asks for the page after this one
 * (null on the last). Its matches are not counted, so it has no `total`: a count would read every match
 * on every page, which is what the cursor avoids (the endpoint's description says so).
 */
export function cursorPageSchema<T extends z.ZodType>(item: T, maxItems?: number) {
  return z.object({
    data: maxItems === undefined ? z.array(item) : z.array(item).max(maxItems),
    // The server's own cursors: the longest, the directory's, fits in DIRECTORY_CURSOR_MAX.
    nextCursor: z
      .string()
      .max(2000)
      .nullable()
      .describe("Send it back as `cursor` for the page after this one; null on the last page"),
  });
}

/** A record's optimistic-concurrency version as answered (every editable record carries one). */
export const recordVersionSchema = z
  .number()
  .int()
  .describe("Optimistic-concurrency version: send it back with an update; 409 when it is no longer current");

/**
 * The version an update or delete was based on: a number, or its digits as text (multipart forms). Absent
 * means "no check" (the spec's own client calls send none).
 */
export const versionInputSchema = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/, serverMessages.versionInvalid)])
  .transform(Number)
  .pipe(
    z.number().int().min(1, serverMessages.versionInvalid).max(MAX_DB_INTEGER, serverMessages.versionInvalid),
  )
  .optional();

/** The longest text of a success answer's message: a sentence of the catalogues, at most naming a record. */
export const ANSWER_MESSAGE_MAX_LENGTH = 2000;
export const messageSchema = z.object({ message: z.string().max(ANSWER_MESSAGE_MAX_LENGTH) });

/**
 * A real calendar date written YYYY-MM-DD (spaces around it ignored; 2025-02-30 refused), with the
 * messages of the form it is in: `required` when blank, `invalid` otherwise.
 */
export const calendarDateSchema = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isCalendarDate, invalid)
    .meta({ format: "date" });

/** A moment the server recorded, as it answers it: ISO 8601 in UTC ("2026-12-07T05:00:00.000Z"). */
export const timestampSchema = z.string().max(30).meta({ format: "date-time" });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** Booleans arrive from multipart forms as text: "true"/"false"/"1"/"0"/"on". */
export const formBoolean = z
  .union([z.boolean(), z.string()])
  .transform((value) =>
    typeof value === "boolean" ? value : ["true", "1", "on", "yes"].includes(value.toLowerCase()),
  );
