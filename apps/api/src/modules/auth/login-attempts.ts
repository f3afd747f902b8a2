import { signInLockedMessage } from "@visadesk/contract/auth-constants";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database";
import type { Clock } from "../../lib/clock";
import { TooManyRequests } from "../../lib/errors";
import * as repo from "./repository";

/** ASVS 2.2.1: this many failed sign-ins for one account, or from one client address, within the window lock it. */
export const MAX_SIGN_IN_FAILURES = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;
const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

/** Who is signing in, from where: the service stays free of HTTP, the route hands these over. */
export interface SignInContext {
  address: string;
  log: FastifyBaseLogger;
}

/** What one attempt turned out to be; the counters follow. */
export interface SignInAttempt {
  /** Signed in: the account's failures are forgotten; the address's stay (one address may guess at many accounts). */
  succeeded(): Promise<void>;
  /** A wrong password, or no such account: it stays counted. */
  failed(): Promise<void>;
  /** The right password for an account that may not sign in (pending, rejected, app user): no guess, not counted. */
  refused(): Promise<void>;
}

/** The account's counter key: its id when it exists, else what was typed, so unknown accounts lock alike. */
export const accountKey = (account: { id: number } | undefined, login: string) =>
  account ? `account:${account.id}` : `login:${login.toLowerCase()}`;

/**
 * Sign-in lockout, counted in the database so every API replica shares it (a sliding window of rows).
 * Each attempt counts as a failure from its start, so concurrent guesses cannot slip past the limit, and a
 * locked account stays locked even for the right password until the window has passed.
 */
export function createLoginAttempts(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Counts the attempt, or refuses it with a 429 that says when to try again. */
    async start(account: string, address: string): Promise<SignInAttempt> {
      const now = clock.now();
      const since = new Date(now.getTime() - WINDOW_MS).toISOString();
      const keys = [account, `address:${address}`];
      const ids = await repo.insertSignInFailures(db.kysely, keys, now.toISOString());
      const counts = await repo.countSignInFailures(db.kysely, keys, since);
      // This attempt's own rows are in the counts: more than the limit means the limit was already reached.
      const locked = keys.filter((key) => (counts.get(key) ?? 0) > MAX_SIGN_IN_FAILURES);
      if (locked.length > 0) {
        let unlockAt = now.getTime();
        for (const key of locked) {
          // Once the limit-th most recent failure leaves the window, the key is below the limit again.
          const at = await repo.nthRecentSignInFailure(db.kysely, key, MAX_SIGN_IN_FAILURES - 1, ids);
          if (at) unlockAt = Math.max(unlockAt, new Date(at).getTime() + WINDOW_MS);
        }
        await repo.deleteSignInFailures(db.kysely, ids);
        const waitMs = Math.max(1000, unlockAt - now.getTime());
        throw new TooManyRequests(signInLockedMessage(Math.ceil(waitMs / 60_000)), Math.ceil(waitMs / 1000));
      }
      return {
        succeeded: async () => void (await repo.deleteSignInFailures(db.kysely, ids, account)),
        failed: async () => void (await repo.sweepSignInFailures(db.kysely, since)),
        refused: async () => void (await repo.deleteSignInFailures(db.kysely, ids)),
      };
    },
  };
}
export type LoginAttempts = ReturnType<typeof createLoginAttempts>;

/** One line per sign-in outcome, for the security log (ASVS 7.2.1); never the password. */
export function logSignIn(
  context: SignInContext,
  outcome: "success" | "failure" | "locked",
  details: { login: string; userGuid?: string | undefined; reason?: string },
) {
  const entry = { signIn: { outcome, ...details, address: context.address } };
  if (outcome === "success") context.log.info(entry, "sign-in succeeded");
  else context.log.warn(entry, outcome === "locked" ? "sign-in refused: locked" : "sign-in failed");
}
