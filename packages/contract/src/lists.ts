import { z } from "zod";
import { appointmentMessages, CANCELLATION_REASON_MAX_LENGTH } from "./appointments-constants";
import {
  APPOINTMENT_BULK_ACTIONS,
  CONSULTANT_BULK_ACTIONS,
  listMessages,
  MAX_BULK_IDS,
  MAX_SEARCH_LIMIT,
  SEARCH_LIMIT,
} from "./lists-constants";

/**
 * What the lists share beyond paging: sort, yes/no and several-value filters, bulk actions and their
 * answer, and the global search (issue "Lists that staff can work with").
 */

/** sort=<field> or sort=-<field>: the field and its direction, ties broken by id in the same direction. */
export interface SortOrder<F extends string = string> {
  field: F;
  descending: boolean;
}

/** The sort parameter of one list: one of its fields, "-" first for descending; 400 naming them otherwise. */
export function sortParamSchema<const F extends string>(fields: readonly F[]) {
  return z
    .string()
    .trim()
    .refine((value) => fields.includes(value.replace(/^-/, "") as F), listMessages.sortInvalid(fields))
    .transform(
      (value): SortOrder<F> => ({ field: value.replace(/^-/, "") as F, descending: value.startsWith("-") }),
    )
    .optional();
}

/** A yes/no filter: exactly true or false (anything else is a 400 naming the field). */
export function yesNoParamSchema(field: string) {
  return z
    .enum(["true", "false"], { error: listMessages.yesNoInvalid(field) })
    .transform((value) => value === "true")
    .optional();
}

/**
 * exactTotal=true on a paged list: its total is counted, never estimated (asked before an action on every
 * match, so the number confirmed is the number acted on); past MAX_EXACT_TOTAL matches the answer is 400.
 */
export const exactTotalParamSchema = yesNoParamSchema("exactTotal");

/** One value or several: repeated (country=pk&country=ca) or a comma list (country=pk,ca). */
export function manyParamSchema<T extends z.ZodType<string, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(","))
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(z.array(item))
    .optional();
}

/** POST .../bulk: one action on up to MAX_BULK_IDS rows, each by its id (guidId, or the numeric id). */
function bulkBodySchema<const A extends readonly [string, ...string[]]>(actions: A) {
  return z.object({
    action: z.enum(actions),
    ids: z
      .array(z.union([z.string().trim().min(1), z.number().int().min(1)]).transform(String))
      .min(1, listMessages.noIds)
      .max(MAX_BULK_IDS, listMessages.tooManyIds),
  });
}
export const consultantBulkBodySchema = bulkBodySchema(CONSULTANT_BULK_ACTIONS);
/** An appointment bulk "cancel" gives its reason like a single cancel (mailed, kept with each). */
export const appointmentBulkBodySchema = bulkBodySchema(APPOINTMENT_BULK_ACTIONS).extend({
  reason: z
    .string()
    .trim()
    .max(CANCELLATION_REASON_MAX_LENGTH, appointmentMessages.cancelReasonTooLong)
    .optional(),
});
export type ConsultantBulkBody = z.infer<typeof consultantBulkBodySchema>;
export type AppointmentBulkBody = z.infer<typeof appointmentBulkBodySchema>;

/**
 * Each row's outcome, in the order asked; a refused row says why in the words of its single action. An ok
 * row says whether the action changed it (false: it was already as asked, e.g. approved before), so an
 * Undo turns back only the rows that changed.
 */
export const bulkResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        ok: z.boolean(),
        changed: z.boolean().optional().meta({
          description: "On an ok row: false when the row was already as asked and was left as it was.",
        }),
        message: z.string().optional(),
      }),
    ),
  })
  .meta({
    examples: [
      {
        results: [
          { id: "4f0c6d2e-8a51-4f7b-9d0e-2b9c1a7e5f10", ok: true, changed: true },
          { id: "9b1e7a34-2c6d-4e8f-a1b2-3c4d5e6f7a80", ok: true, changed: false },
        ],
      },
    ],
  });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const globalSearchQuerySchema = z.object({
  q: z.string().trim().min(1, listMessages.searchTermRequired).max(200),
  limit: z.coerce.number().int().min(1).max(MAX_SEARCH_LIMIT).default(SEARCH_LIMIT),
});
