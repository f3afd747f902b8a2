/** The lists' constants and messages, free of zod so any page can import them cheaply. */

/** A bulk action names at most this many rows: a page of a large selection, not the whole table. */
export const MAX_BULK_IDS = 500;
/** The global search answers this many of each kind unless told otherwise, and never more than the cap. */
export const SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;
/**
 * A list asked for its exact total (exactTotal=true, before acting on every match) counts up to this many
 * matches; past it the answer is 400: the count and the action would each cost too much for one click.
 */
export const MAX_EXACT_TOTAL = 10_000;

/** Exports one account may run at once: each can hold a core and a database connection for a while. */
export const EXPORTS_PER_ACCOUNT = 2;
/** What an export refused for that answers, and what the export endpoints document for their 429. */
export const exportBusyMessage = `You already have ${EXPORTS_PER_ACCOUNT} exports running. Wait for one to finish, then try again.`;
export const EXPORT_LIMIT_TEXT = `More than ${EXPORTS_PER_ACCOUNT} exports at once by one account; Retry-After says when to try again`;

export const listMessages = {
  sortInvalid: (allowed: readonly string[]) =>
    `sort must be one of ${allowed.join(", ")}, each optionally preceded by - for descending order`,
  yesNoInvalid: (field: string) => `${field} must be true or false`,
  tooManyIds: `A bulk action takes at most ${MAX_BULK_IDS} ids`,
  noIds: "Choose at least one row",
  searchTermRequired: "Type something to search for",
  statusInvalid: "status must be one of active, pending, rejected",
  tooManyToCount: `More than ${MAX_EXACT_TOTAL.toLocaleString("en-US")} rows match: narrow the search or filters to act on all of them at once`,
} as const;

/** The sortable columns of each list: the columns its screen shows, plus createdAt. */
export const CONSULTANT_SORTS = [
  "name",
  "contactEmail",
  "businessName",
  "country",
  "phoneNumber",
  "createdAt",
] as const;
export const USER_SORTS = ["userName", "email", "fullName", "phoneNumber", "cnic", "createdAt"] as const;
/**
 * date orders by appointmentDate then appointmentTime; customer by the customer's email, consultant by the
 * consultant's name, status by its name (Cancelled, Confirmed, Pending). Without sort the list opens
 * upcoming first.
 */
export const APPOINTMENT_SORTS = ["date", "createdAt", "customer", "consultant", "status"] as const;
export type ConsultantSort = (typeof CONSULTANT_SORTS)[number];
export type UserSort = (typeof USER_SORTS)[number];
export type AppointmentSort = (typeof APPOINTMENT_SORTS)[number];

/** The bulk actions of each list, by the server's name. */
export const CONSULTANT_BULK_ACTIONS = ["approve", "unapprove", "premium", "unpremium", "delete"] as const;
export const APPOINTMENT_BULK_ACTIONS = [
  "confirm",
  "cancel",
  "markPaid",
  "markUnpaid",
  "sendReminder",
  "delete",
] as const;
