import { signInLockedMessage } from "@visadesk/contract/auth-constants";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import { TooManyRequests } from "#api/lib/errors";
import * as repo from "./repository";

/** This many failed sign-ins for one account from one client address, within the window, lock that pair. */
export const MAX_SIGN_IN_FAILURES = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;
const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;
/** Past the limit from all addresses together, each further attempt on the account waits this much more. */
const SLOW_DOWN_STEP_MS = 1000;
const MAX_SLOW_DOWN_MS = 10_000;

/** Who is signing in, from where: the service stays free of HTTP, the route hands these over. */
export interface SignInContext {
  address: string;
  /** The browser's User-Agent, kept with the session so its owner can tell their sessions apart. */
  userAgent?: string | undefined;
  /** The request's id, kept with the audit row of the sign-in. */
  requestId?: string | undefined;
  log: FastifyBaseLogger;
}

/** What one attempt turned out to be; the counters follow. */
export interface SignInAttempt {
  /** Signed in: this address's failures for the account are forgotten (the account's slow-down stays). */
  succeeded(): Promise<void>;
  /** A wrong password, or no such account: it stays counted. */
  failed(): Promise<void>;
  /** The right password for an account that may not sign in (pending, rejected, app user): no guess, not counted. */
  refused(): Promise<void>;
}

/** The account's part of a counter key: its id when it exists, else what was typed. */
const accountPart = (account: { id: number } | undefined, login: string) =>
  account ? `account:${account.id}` : `login:${login.toLowerCase()}`;
/** The key of the hard limit: one account (or typed name) from one address. */
const pairKey = (account: { id: number } | undefined, login: string, address: string) =>
  `${accountPart(account, login)}@${address}`;

/**
 * Ends every lock and slow-down of an account: a completed password reset, or an Admin's unlock. Answers
 * how many failed sign-ins it forgot (the account's own counter; each failure is also kept per address).
 */
export async function clearSignInFailures(db: Executor, userId: number): Promise<number> {
  const key = `account:${userId}`;
  const forgotten = await repo.countAllSignInFailures(db, key);
  await repo.deleteAccountSignInFailures(db, key);
  return forgotten;
}

/**
 * Sign-in lockout, counted in the database so every API replica shares it (a sliding window of rows).
 *
 * - The hard limit counts failures per account and client address: a guesser is stopped at 10 tries from
 *   where they are, while the owner signs in from anywhere else. It holds even for the right password, so
 *   a locked pair learns nothing more.
 * - The account as a whole is slowed, never blocked: past 10 failures from all addresses together, every
 *   attempt waits a second longer (at most 10), so guessing from many addresses stays slow.
 * - A name that belongs to no account counts only against itself, exactly as an account would: failures for
 *   made-up accounts never lock or slow a real one, nor anyone else at the same address.
 *
 * Each attempt counts as a failure from its start, so concurrent guesses cannot slip past the limit.
 */
export function createLoginAttempts(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Counts the attempt (and waits if the account is being guessed at), or refuses it with a 429. */
    async start(account: { id: number } | undefined, login: string, address: string): Promise<SignInAttempt> {
      const now = clock.now();
      const since = new Date(now.getTime() - WINDOW_MS).toISOString();
      const pair = pairKey(account, login, address);
      // A name that belongs to nobody is counted (and slowed) the same way, so its answer takes the same work.
      const keys = [pair, accountPart(account, login)];
      const ids = await repo.insertSignInFailures(db.kysely, keys, now.toISOString());
      const counts = await repo.countSignInFailures(db.kysely, keys, since);
      // This attempt's own rows are in the counts: more than the limit means the limit was already reached.
      if ((counts.get(pair) ?? 0) > MAX_SIGN_IN_FAILURES) {
        // Once the limit-th most recent failure leaves the window, the pair is below the limit again.
        const at = await repo.nthRecentSignInFailure(db.kysely, pair, MAX_SIGN_IN_FAILURES - 1, ids);
        await repo.deleteSignInFailures(db.kysely, ids);
        const unlockAt = at ? new Date(at).getTime() + WINDOW_MS : now.getTime();
        const waitMs = Math.max(1000, unlockAt - now.getTime());
        throw new TooManyRequests(signInLockedMessage(Math.ceil(waitMs / 60_000)), Math.ceil(waitMs / 1000));
      }
      const accountFailures = (counts.get(accountPart(account, login)) ?? 0) - 1;
      if (accountFailures >= MAX_SIGN_IN_FAILURES) {
        const over = accountFailures - MAX_SIGN_IN_FAILURES + 1;
        await clock.wait(Math.min(over * SLOW_DOWN_STEP_MS, MAX_SLOW_DOWN_MS));
      }
      return {
        succeeded: async () => void (await repo.deleteSignInFailures(db.kysely, ids, pair)),
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
  outcome: "success" | "failure" | "locked" | "second factor",
  details: { login: string; userGuid?: string | undefined; reason?: string },
) {
  const entry = { signIn: { outcome, ...details, address: context.address } };
  if (outcome === "success") context.log.info(entry, "sign-in succeeded");
  else if (outcome === "second factor")
    context.log.info(entry, "sign-in: password right, second factor asked");
  else context.log.warn(entry, outcome === "locked" ? "sign-in refused: locked" : "sign-in failed");
}
