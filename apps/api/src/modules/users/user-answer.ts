import type { User } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import type { Executor } from "#api/db/schema";
import { NotFound } from "#api/lib/errors";
import * as repo from "./repository";

/** The answer shape: one role column answered as userRoles.roles, a suspended account as "suspended". */
export function toUser({ role, suspendedAt, ...row }: repo.ListedUser): User {
  return { ...row, status: suspendedAt ? "suspended" : row.status, userRoles: { roles: [role] } };
}

/** A listed account as answered; 404 when there is none. */
export async function getUser(db: Executor, guidId: string): Promise<User> {
  const user = await repo.findUser(db, guidId);
  if (!user) throw new NotFound(approvalMessages.notFound);
  return toUser(user);
}
