import type { User } from "@visadesk/contract/users";
import type { Executor } from "#api/db/schema";
import { lockedAccountIds } from "../../auth/login-attempts";
import type { ListedUser } from "../repository";
import { withTwoFactor } from "./repository";

/**
 * An Admin's page of internal accounts: whether each is locked out of signing in and has two-factor set up,
 * so the row offers Unlock and Reset two-factor only where they do something. Two queries per page.
 */
export async function withSignInState(db: Executor, rows: ListedUser[], users: User[], now: Date) {
  const [locked, twoFactor] = await Promise.all([
    lockedAccountIds(db, rows, now),
    withTwoFactor(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return users.map((user) => ({
    ...user,
    signIn: { locked: locked.has(user.id), twoFactor: twoFactor.has(user.id) },
  }));
}
