import type { Executor } from "#api/db/schema";
import { latestChangesOf } from "../audit/queries";

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
  const changes = await latestChangesOf(db, { entity: "user", entityId: guidId, action: "reject" });
  if (!changes) return null;
  try {
    const reason = (JSON.parse(changes) as { reason?: { to?: unknown } }).reason?.to;
    return typeof reason === "string" ? reason : null;
  } catch {
    return null;
  }
}
