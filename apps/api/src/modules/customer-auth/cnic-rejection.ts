import type { Executor } from "#api/db/schema";

/**
 * Staff's reason for rejecting a customer's CNIC: it is kept in the history of the decision (the audit
 * row of the "reject" of the user, `changes.reason.to`), the latest one while the CNIC stands rejected.
 */
export async function cnicRejectionReason(
  db: Executor,
  guidId: string,
  state: "pending" | "verified" | "rejected" | null,
): Promise<string | null> {
  if (state !== "rejected") return null;
  const row = await db
    .selectFrom("auditLog")
    .select("changes")
    .where("entity", "=", "user")
    .where("entityId", "=", guidId)
    .where("action", "=", "reject")
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const reason = (JSON.parse(row.changes) as { reason?: { to?: unknown } }).reason?.to;
    return typeof reason === "string" ? reason : null;
  } catch {
    return null;
  }
}
