import { authMessages } from "@visadesk/contract/auth-constants";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { systemClock } from "#api/lib/clock";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

/**
 * No account enumeration: sign-in, registration and password recovery answer the same status
 * and message, in the same time, for known and unknown accounts. Timing is compared the robust way on a busy
 * machine: a warm-up, then 12 pairs alternating which goes first, compared by the median of each pair's ratio
 * (the two requests of a pair run back to back, so a machine getting busier or idler between pairs cancels
 * out). A round spoilt by other work on the machine is measured again, up to three rounds: a real difference
 * shows in every round.
 */
const PAIRS = 12;
const WARM_UP = 3;
const ROUNDS = 3;
const MAX_MEDIAN_DIFFERENCE = 0.1;

/** The real time, moved ahead on demand: one reset mail per account a minute would stop the repeated asks. */
let ahead = 0;
const clock = { ...systemClock, now: () => new Date(systemClock.now().getTime() + ahead) };

let t: TestApp;
beforeAll(async () => {
  // Known and unknown accounts must cost the same argon2 time, as they do in production.
  // Each known request mails one address: the hourly cap per recipient (tested on its own) stays out of it.
  t = await createTestApp({ clock, accountHashes: "product", config: { mailPerRecipientPerHour: 1000 } });
});
afterAll(() => t.close());

interface Case {
  /** PAIRS at least; more where one request takes milliseconds and a busy machine's noise is as large. */
  pairs?: number;
  known(n: number): Promise<LightMyRequestResponse>;
  unknown(n: number): Promise<LightMyRequestResponse>;
  /** Mails each kind of request leaves behind (they go after the answer; waited for outside the timing). */
  mails: { known: number; unknown: number };
  /** The same-answer checks, on every pair. */
  sameAnswer(known: LightMyRequestResponse, unknown: LightMyRequestResponse): void;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const relativeDifference = (a: number, b: number) => Math.abs(a - b) / Math.min(a, b);

/** One round of pairs: the median time of each kind, in milliseconds, and the median of the pairs' ratios. */
async function measureRound(test: Case) {
  const times = { known: [] as number[], unknown: [] as number[] };
  const ratios: number[] = [];
  for (let i = -WARM_UP; i < (test.pairs ?? PAIRS); i += 1) {
    const n = i + WARM_UP;
    const pair: Partial<Record<"known" | "unknown", LightMyRequestResponse>> = {};
    const took = { known: 0, unknown: 0 };
    for (const kind of n % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
      const mailsBefore = t.mails.length;
      const started = process.hrtime.bigint();
      pair[kind] = await test[kind](n);
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      // Outside the timing: the mail that follows the answer, then the same short pause after either kind,
      // so neither kind starts on a machine the other left busier or idler.
      await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + test.mails[kind]), { interval: 1 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (i >= 0) times[kind].push(elapsed);
      took[kind] = elapsed;
    }
    if (i >= 0) ratios.push(took.known / took.unknown);
    if (pair.known && pair.unknown) test.sameAnswer(pair.known, pair.unknown);
  }
  return { known: median(times.known), unknown: median(times.unknown), ratio: median(ratios) };
}

/** Rounds until the pairs' median ratio is within 10 % of 1, at most three; the figures go to the test output. */
async function expectSameTiming(test: Case) {
  const rounds: Array<{ known: number; unknown: number; ratio: number }> = [];
  while (rounds.length < ROUNDS) {
    const round = await measureRound(test);
    rounds.push(round);
    console.info(
      `${expect.getState().currentTestName}: median known ${round.known.toFixed(1)} ms, unknown ${round.unknown.toFixed(1)} ms, median ratio ${round.ratio.toFixed(3)}`,
    );
    if (relativeDifference(round.ratio, 1) < MAX_MEDIAN_DIFFERENCE) break;
  }
  const best = Math.min(...rounds.map((round) => relativeDifference(round.ratio, 1)));
  expect(best, JSON.stringify(rounds)).toBeLessThan(MAX_MEDIAN_DIFFERENCE);
}

// 46 argon2 runs per endpoint and round: tens of seconds on a loaded two-core machine.
describe("no account enumeration", { timeout: 900_000 }, () => {
  it("verify-login: same status, message and time for a known account with a wrong password and an unknown one", async () => {
    const accounts = await Promise.all(Array.from({ length: PAIRS + WARM_UP }, () => t.createAccount()));
    // A fresh client address per pair, so the address lockout never answers instead of the password check.
    const from = (n: number) => `10.1.${n >> 8}.${n & 255}`;
    await expectSameTiming({
      known: (n) =>
        t.app.inject({
          method: "POST",
          url: "/api/v2/connect/verify-login",
          payload: { email: accounts[n]?.email, password: "not-the-password" },
          remoteAddress: from(n),
        }),
      unknown: (n) =>
        t.app.inject({
          method: "POST",
          url: "/api/v2/connect/verify-login",
          payload: { email: `unknown-${n}@example.com`, password: "not-the-password" },
          remoteAddress: from(n),
        }),
      mails: { known: 0, unknown: 0 },
      sameAnswer(known, unknown) {
        expect(known.statusCode).toBe(401);
        expect(unknown.statusCode).toBe(401);
        expect(known.json()).toEqual({ message: authMessages.wrongCredentials, code: "wrong_credentials" });
        expect(unknown.json()).toEqual(known.json());
      },
    });
  });

  it("register: a taken email answers like a new one, in the same time", async () => {
    const taken = await t.createAccount();
    const fields = (n: number, email: string) => ({
      UserName: `enum${n}${Math.random().toString(36).slice(2, 6)}`,
      Email: email,
      FirstName: "Enu",
      LastName: "Meration",
      PhoneNumber: "+92 300 1234567",
      Password: "an-uncommon-passphrase",
    });
    const register = (form: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/v2/connect/register", ...multipart(form) });
    await expectSameTiming({
      known: (n) => register(fields(n, taken.email.toUpperCase())),
      unknown: (n) => register(fields(n, `new-${n}-${Math.random().toString(36).slice(2, 6)}@example.com`)),
      mails: { known: 1, unknown: 0 },
      sameAnswer(known, unknown) {
        expect(known.statusCode).toBe(201);
        expect(unknown.statusCode).toBe(201);
        expect(known.json().message).toBe(authMessages.registered);
        expect(unknown.json().message).toBe(known.json().message);
        expect(Object.keys(known.json().user)).toEqual(Object.keys(unknown.json().user));
        expect(known.json().user.status).toBe(unknown.json().user.status);
      },
    });
  });

  it("forgot-password: same answer in the same time; the link is made and mailed after the answer", async () => {
    const known = await t.createAccount();
    const ask = (email: string) => {
      ahead += 61_000;
      return t.app.inject({ method: "POST", url: "/api/v2/connect/forgot-password", payload: { email } });
    };
    await expectSameTiming({
      known: () => ask(known.email),
      unknown: (n) => ask(`nobody-${n}@example.com`),
      mails: { known: 1, unknown: 0 },
      pairs: 200,
      sameAnswer(knownAnswer, unknownAnswer) {
        expect(knownAnswer.statusCode).toBe(200);
        expect(unknownAnswer.statusCode).toBe(200);
        expect(knownAnswer.json()).toEqual({ message: authMessages.resetRequested });
        expect(unknownAnswer.json()).toEqual(knownAnswer.json());
      },
    });
  });
});
