import { signInLockedMessage } from "@visadesk/contract/auth-constants";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import { TooManyRequests, ValidationError } from "#api/lib/errors";
import { verifyPassword } from "#api/lib/passwords";
import * as accounts from "../users/account-records";
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

/** An account as the counters know it: its names, when known, let a success or an unlock clear their counts too. */
type CountedAccount = { id: number; email?: string | null; userName?: string | null };

/** The counter of failures after the account is known (a second factor, the current password): its id. */
const accountKey = (account: { id: number }) => `account:${account.id}`;
/**
 * The counter of a sign-in by name: the name as typed, normalised as the account lookup compares it, and
 * never whether it belongs to anyone, so a known name and an unknown one count (and lock, and slow) alike.
 * An email and a username are separate counters: merging them for a known account would tell that they go
 * together (10 failures by email, then a 429 by username).
 */
const nameKey = (name: { email?: string | undefined; userName?: string | undefined }) =>
  name.email
    ? `email:${name.email.trim().toLowerCase()}`
    : `user:${(name.userName ?? "").trim().toLowerCase()}`;
/** Every counter an account's failures may be under: its id and both its names. */
const keysOfAccount = (account: CountedAccount) => [
  accountKey(account),
  ...(account.email ? [nameKey({ email: account.email })] : []),
  ...(account.userName ? [nameKey({ userName: account.userName })] : []),
];
/** The key of the hard limit: one counter from one address. */
const atAddress = (key: string, address: string) => `${key}@${address}`;

/**
 * Ends every lock and slow-down of an account: a completed password reset, or an Admin's unlock. Answers
 * how many failed sign-ins it forgot (the counters of the whole account and of its two names; each failure
 * is also kept per address).
 */
export async function clearSignInFailures(db: Executor, userId: number): Promise<number> {
  const account = await accounts.findAccountNames(db, userId);
  const keys = keysOfAccount(account ?? { id: userId });
  const forgotten = await repo.countAllSignInFailures(db, keys);
  await repo.deleteAccountSignInFailures(db, keys);
  return forgotten;
}

/**
 * Which of these accounts are locked out now: one of their counters is at the limit from some address
 * within the window, so a sign-in from there is refused (begin's 429) until it ages out or is unlocked.
 */
export async function lockedAccountIds(db: Executor, accounts: CountedAccount[], now: Date) {
  const owners = new Map<string, number>();
  for (const account of accounts) for (const key of keysOfAccount(account)) owners.set(`${key}@`, account.id);
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const pairs = await repo.signInPairsAtLimit(
    db,
    [...owners.keys()].map((prefix) => prefix.slice(0, -1)),
    since,
    MAX_SIGN_IN_FAILURES,
  );
  const locked = new Set<number>();
  for (const pair of pairs) {
    // The rest of a pair is its address, which holds no "@" (a name like "bob@x" is another account's).
    const at = pair.lastIndexOf("@");
    const owner = owners.get(pair.slice(0, at + 1));
    if (owner !== undefined) locked.add(owner);
  }
  return locked;
}

/**
 * Sign-in lockout, counted in the database so every API replica shares it (a sliding window of rows).
 *
 * - The hard limit counts failures per name and client address: a guesser is stopped at 10 tries from
 *   where they are, while the owner signs in from anywhere else. It holds even for the right password, so
 *   a locked pair learns nothing more.
 * - The name as a whole is slowed, never blocked: past 10 failures from all addresses together, every
 *   attempt waits a second longer (at most 10), so guessing from many addresses stays slow.
 * - Sign-in by name counts under the name typed (email or username), whether or not an account has it, so
 *   the counts, the 429 and the waits are the same for names that exist and names that do not. Failures
 *   once the account is known (a second factor, the current password) count under the account; sign-in by
 *   name also stops at those, which only someone who had the password can have caused.
 *
 * Each attempt counts as a failure from its start, so concurrent guesses cannot slip past the limit.
 */
export function createLoginAttempts(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * Counts one attempt under `counted` (and its pair with the address), waits if any of `checked` is being
   * guessed at, or refuses with a 429 when one of their pairs with the address is at the limit.
   */
  async function begin(
    counted: string,
    checked: string[],
    account: CountedAccount | undefined,
    address: string,
  ): Promise<SignInAttempt> {
    const now = clock.now();
    const since = new Date(now.getTime() - WINDOW_MS).toISOString();
    const pairs = checked.map((key) => atAddress(key, address));
    const ids = await repo.insertSignInFailures(
      db.kysely,
      [atAddress(counted, address), counted],
      now.toISOString(),
    );
    const counts = await repo.countSignInFailures(db.kysely, [...pairs, ...checked], since);
    // This attempt's own rows are in the counts of `counted`: more than the limit means it was already reached.
    const own = (key: string) => (key === counted || key === atAddress(counted, address) ? 1 : 0);
    const lockedPairs = pairs.filter((pair) => (counts.get(pair) ?? 0) - own(pair) >= MAX_SIGN_IN_FAILURES);
    if (lockedPairs.length > 0) {
      // Once the limit-th most recent failure leaves the window, the pair is below the limit again.
      let unlockAt = now.getTime();
      for (const pair of lockedPairs) {
        const at = await repo.nthRecentSignInFailure(db.kysely, pair, MAX_SIGN_IN_FAILURES - 1, ids);
        if (at) unlockAt = Math.max(unlockAt, new Date(at).getTime() + WINDOW_MS);
      }
      await repo.deleteSignInFailures(db.kysely, ids);
      const waitMs = Math.max(1000, unlockAt - now.getTime());
      throw new TooManyRequests(signInLockedMessage(Math.ceil(waitMs / 60_000)), Math.ceil(waitMs / 1000));
    }
    const failures = Math.max(0, ...checked.map((key) => (counts.get(key) ?? 0) - own(key)));
    if (failures >= MAX_SIGN_IN_FAILURES) {
      const over = failures - MAX_SIGN_IN_FAILURES + 1;
      await clock.wait(Math.min(over * SLOW_DOWN_STEP_MS, MAX_SLOW_DOWN_MS));
    }
    // A success forgets this address's failures under every counter of the account.
    const cleared = account ? keysOfAccount(account).map((key) => atAddress(key, address)) : [];
    return {
      succeeded: async () => void (await repo.deleteSignInFailures(db.kysely, ids, cleared)),
      failed: async () => void (await repo.sweepSignInFailures(db.kysely, since)),
      refused: async () => void (await repo.deleteSignInFailures(db.kysely, ids)),
    };
  }

  return {
    /**
     * Sign-in by name: counted under the name typed; `account` (found by that name, or undefined) only adds
     * the lock its own counter may hold, and what a success clears. The counter with no account is one no
     * row has, so both cases run the same queries.
     */
    startByName(
      name: { email?: string | undefined; userName?: string | undefined },
      account: CountedAccount | undefined,
      address: string,
    ): Promise<SignInAttempt> {
      const key = nameKey(name);
      return begin(key, [key, account ? accountKey(account) : "account:none"], account, address);
    },
    /** An attempt on an account already known (a second factor, the current password): counted under it. */
    start(account: CountedAccount, _login: string, address: string): Promise<SignInAttempt> {
      const key = accountKey(account);
      return begin(key, [key], account, address);
    },
    /**
     * The password of a signed-in account, asked again before it changes something of its own (its
     * password, its erasure): a wrong one counts toward the lockout like a wrong sign-in, and is refused
     * with `refusal` (a field error).
     */
    async proveOwner(
      account: CountedAccount & { guidId: string; userName: string; passwordHash: string },
      password: string,
      context: SignInContext,
      refusal: Record<string, string>,
    ): Promise<void> {
      const attempt = await this.start(account, account.userName, context.address);
      if (!(await verifyPassword(account.passwordHash, password))) {
        await attempt.failed();
        logSignIn(context, "failure", {
          login: account.userName,
          userGuid: account.guidId,
          reason: "wrong current password",
        });
        throw new ValidationError(refusal);
      }
      await attempt.succeeded();
    },
  };
}
export type LoginAttempts = ReturnType<typeof createLoginAttempts>;

/** One line per sign-in outcome, for the security log (ASVS 7.2.1); never the password. */
export function logSignIn(
  context: SignInContext,
  outcome: "success" | "failure" | "locked" | "second factor",
  /** `login`, the name as typed, only where no account id says who (a customer's line names no email). */
  details: { login?: string; userGuid?: string | undefined; reason?: string },
) {
  const entry = { signIn: { outcome, ...details, address: context.address } };
  if (outcome === "success") context.log.info(entry, "sign-in succeeded");
  else if (outcome === "second factor")
    context.log.info(entry, "sign-in: password right, second factor asked");
  else context.log.warn(entry, outcome === "locked" ? "sign-in refused: locked" : "sign-in failed");
}
