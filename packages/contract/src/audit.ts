import { z } from "zod";
import {
  AUDIT_ABOUT_ENTITIES,
  AUDIT_ACCOUNT_KINDS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_SEARCH_WINDOW,
  type AuditPosition,
  auditMessages,
} from "./audit-constants";
import { cursorPageSchema } from "./common";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "./common-constants";

// The server reads the zod-free parts from here too.
export * from "./audit-constants";

// The message names no option: several are words that would read like SQL in an error answer.
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: () => auditMessages.unknownAction });
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntitySchema = z.enum(AUDIT_ENTITIES, { error: () => auditMessages.unknownEntity });
export type AuditEntity = z.infer<typeof auditEntitySchema>;

/** One field's change: its value before and after (null when it had none). */
export const auditChangeSchema = z.union([
  z.object({ from: z.unknown(), to: z.unknown() }),
  z.literal("changed").describe("A secret (a password): that it changed, never its value"),
]);

export const auditEntrySchema = z.object({
  id: z.string().describe("The row's number, as text (it outgrows a 32-bit integer)"),
  at: z.string().describe("When it happened, ISO 8601 UTC"),
  actor: z
    .object({
      guidId: z.string(),
      name: z.string(),
      kind: z
        .enum(AUDIT_ACCOUNT_KINDS)
        .nullable()
        .describe(
          "Which kind of account acted, by its role now: an app user (a customer, through the customer API) " +
            "or an internal account (Admin or Staff); null when no account has the guidId",
        ),
    })
    .nullable()
    .describe("Who did it; null for someone not signed in (a failed sign-in, a reset link)"),
  action: auditActionSchema,
  entity: auditEntitySchema,
  entityId: z.string().nullable(),
  about: z
    .object({ entity: z.enum(AUDIT_ABOUT_ENTITIES), entityId: z.string() })
    .nullable()
    .describe("The record the row's own record was linked to at the time (a task's record), else null"),
  subject: z
    .string()
    .nullable()
    .describe(
      "What the row's own record was called at the time (a task's title); for a failed sign-in, the " +
        "name or email as typed; else null",
    ),
  recordName: z
    .string()
    .nullable()
    .describe(
      "What the record the row leads to is called now (a consultant's name and business, an account's " +
        "name and email, an appointment's consultant and time); null when unknown or not the reader's to see",
    ),
  actorEmail: z.string().nullable().describe("The actor's email now, to find the account; else null"),
  account: z
    .object({
      kind: z.enum(AUDIT_ACCOUNT_KINDS),
      email: z.string().describe("What the Internal Users list is searched by, for an internal account"),
    })
    .nullable()
    .describe(
      "For a row about an account (its own record, or the record its task or note is on): whether that " +
        "account is an app user or an internal account (Admin or Staff), by its role now; else null",
    ),
  changes: z
    .record(z.string(), auditChangeSchema)
    .describe('Only the fields that changed; secrets appear as "changed", never their value'),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An ISO date (start of that UTC day) or date-time. */
const instantSchema = z
  .string()
  .trim()
  .refine(
    (text) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text),
    auditMessages.invalidDate,
  )
  .transform((text) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text))
  .refine((date) => !Number.isNaN(date.getTime()), auditMessages.invalidDate)
  .transform((date) => date.toISOString());

const filterFields = {
  entity: auditEntitySchema.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorId: z.string().trim().min(1).max(100).optional().describe("The actor's guidId"),
  action: auditActionSchema.optional(),
  from: instantSchema.optional().describe("From this instant on (inclusive)"),
  to: instantSchema.optional().describe("Before this instant (exclusive)"),
  search: z
    .string()
    .trim()
    .min(2, auditMessages.searchTooShort)
    .max(100)
    .optional()
    .describe(
      "Text in the actor's name, the record's name (consultant, account) or the subject (a task's title, " +
        `a name typed at a failed sign-in); looks among the newest ${AUDIT_SEARCH_WINDOW.toLocaleString("en")} rows the other filters match`,
    ),
};
const fromNotAfterTo = [
  (query: { from?: string | undefined; to?: string | undefined }) =>
    !query.from || !query.to || query.from <= query.to,
  { message: auditMessages.toBeforeFrom, path: ["to"] },
] satisfies [unknown, { message: string; path: string[] }];

/** The filters of the feed and of its export. */
export const auditFilterSchema = z.object(filterFields).refine(...fromNotAfterTo);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

const cursorSchema = z
  .string()
  .max(64, auditMessages.cursorInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d{1,19}$/, auditMessages.cursorInvalid)
  .transform((text): AuditPosition => {
    const [at = "", id = ""] = text.split("~");
    return { at, id };
  })
  // The instant as the history answered it (toISOString), so a 30 February never reaches the database.
  .refine((position) => {
    const time = Date.parse(position.at);
    return !Number.isNaN(time) && new Date(time).toISOString() === position.at;
  }, auditMessages.cursorInvalid);

export const auditQuerySchema = z
  .object({
    ...filterFields,
    cursor: cursorSchema
      .optional()
      .describe("The nextCursor of the page before (with the same filters); absent: the newest rows"),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  })
  .refine(...fromNotAfterTo);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * A page of the history, newest first, by cursor: not counted (counting a filtered million rows on every
 * page is what the cursor avoids), so it has no total.
 */
export const auditPageSchema = cursorPageSchema(auditEntrySchema).extend({
  searchLimited: z
    .boolean()
    .optional()
    .describe("With search: older rows exist past the window searched (narrow by date to reach them)"),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
