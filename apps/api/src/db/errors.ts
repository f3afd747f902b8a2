/**
 * The name of the unique index a write broke, on either engine; null for any other error.
 * SQLite says "UNIQUE constraint failed: index 'users_email_unique'"; PostgreSQL sets code 23505 and constraint.
 */
export function brokenUniqueIndex(error: unknown): string | null {
  if (!error || typeof error !== "object") return null;
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code === "23505") return constraint ?? "";
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return /index '([^']+)'/.exec(message ?? "")?.[1] ?? message ?? "";
  }
  return null;
}

// PostgreSQL's classes 08 (connection exception) and 57P01-57P03 (shut down, crashed, starting up).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_NET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// The pg driver's own words for a lost connection or a pool that could not get one in time.
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|not queryable/i;

/**
 * Whether an error says the database cannot be reached right now (it is stopped, restarting, or the network
 * to it is down), as opposed to a bad query: the request may succeed in a moment, so the answer is 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NET_CODES.has(code))) {
    return true;
  }
  if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  // A host name with several addresses fails with an AggregateError of one error per address.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}

/**
 * Every connection of this process's pool stayed in use for as long as a query may wait for one: the process
 * has more work than connections (a 503 "busy" with Retry-After), while the database itself answers.
 */
export class DatabaseBusy extends Error {
  constructor(cause: Error) {
    super("every database connection of this process is in use", { cause });
    this.name = "DatabaseBusy";
  }
}
