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
