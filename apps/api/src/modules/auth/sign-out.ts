import type { AuthUser } from "#api/modules/auth/auth-user";
import { type AuditContext, recordAudit } from "../audit/service";
import type { AuthDeps } from "./auth-deps";
import * as repo from "./repository";

/** Ends this session (the access token stops working at once) and records the sign-out. */
export const signOut = (
  { db, clock }: Pick<AuthDeps, "db" | "clock">,
  user: AuthUser,
  context: AuditContext,
) =>
  db.kysely.transaction().execute(async (trx) => {
    const now = clock.now();
    await repo.revokeSession(trx, user.sessionId, now.toISOString());
    await recordAudit(trx, {
      context,
      action: "sign-out",
      entity: "user",
      entityId: user.guidId,
      at: now,
    });
  });
