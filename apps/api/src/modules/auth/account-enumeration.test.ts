import { authMessages } from "@visadesk/contract/auth";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, multipart, type TestApp } from "../../../test/helpers";

/**
 * No account enumeration (ASVS 2.2 / 3.2): sign-in, registration and password recovery answer the same status
 * and message, in the same time, for known and unknown accounts. Timing is compared the robust way on a busy
 * machine: a warm-up, then 50 pairs alternating which goes first, compared by their medians.
 */
const PAIRS = 50;
const WARM_UP = 5;
const MAX_MEDIAN_DIFFERENCE = 0.1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Case {
  known(i: number): Promise<LightMyRequestResponse>;
  unknown(i: number): Promise<LightMyRequestResponse>;
  /** Mails each kind of request leaves behind (they go after the answer; waited for outside the timing). */
  mails: { known: number; unknown: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Runs the pairs; answers the medians in milliseconds and every answer, for the same-answer checks. */
async function measure(test: Case) {
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers: Array<{ known: LightMyRequestResponse; unknown: LightMyRequestResponse }> = [];
  for (let i = -WARM_UP; i < PAIRS; i += 1) {
    const n = i + WARM_UP;
    const pair: Partial<Record<"known" | "unknown", LightMyRequestResponse>> = {};
    for (const kind of n % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
      const mailsBefore = t.mails.length;
      const started = process.hrtime.bigint();
      pair[kind] = await test[kind](n);
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + test.mails[kind]));
      if (i >= 0) times[kind].push(elapsed);
    }
    if (i >= 0 && pair.known && pair.unknown) answers.push({ known: pair.known, unknown: pair.unknown });
  }
  const result = { known: median(times.known), unknown: median(times.unknown), answers };
  console.info(
    `account enumeration ${expect.getState().currentTestName}: median known ${result.known.toFixed(1)} ms, unknown ${result.unknown.toFixed(1)} ms`,
  );
  return result;
}

const relativeDifference = (a: number, b: number) => Math.abs(a - b) / Math.min(a, b);

// 110 argon2 runs per endpoint: minutes, not seconds, on a loaded two-core machine.
describe("no account enumeration", { timeout: 300_000 }, () => {
  it("verify-login: same status, message and time for a known account with a wrong password and an unknown one", async () => {
    const accounts = await Promise.all(Array.from({ length: PAIRS + WARM_UP }, () => t.createAccount()));
    // A fresh client address per pair, so the address lockout never answers instead of the password check.
    const from = (n: number) => `10.1.${n >> 8}.${n & 255}`;
    const result = await measure({
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
    });
    for (const { known, unknown } of result.answers) {
      expect(known.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(known.json()).toEqual({ message: authMessages.wrongCredentials });
      expect(unknown.json()).toEqual(known.json());
    }
    expect(relativeDifference(result.known, result.unknown)).toBeLessThan(MAX_MEDIAN_DIFFERENCE);
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
    const result = await measure({
      known: (n) => register(fields(n, taken.email.toUpperCase())),
      unknown: (n) => register(fields(n, `new-${n}-${Math.random().toString(36).slice(2, 6)}@example.com`)),
      mails: { known: 1, unknown: 0 },
    });
    for (const { known, unknown } of result.answers) {
      expect(known.statusCode).toBe(201);
      expect(unknown.statusCode).toBe(201);
      expect(known.json().message).toBe(authMessages.registered);
      expect(unknown.json().message).toBe(known.json().message);
      expect(Object.keys(known.json().user)).toEqual(Object.keys(unknown.json().user));
      expect(known.json().user.status).toBe(unknown.json().user.status);
    }
    expect(relativeDifference(result.known, result.unknown)).toBeLessThan(MAX_MEDIAN_DIFFERENCE);
  });

  it("forgot-password: same answer in the same time; the link is made and mailed after the answer", async () => {
    const known = await t.createAccount();
    const ask = (email: string) =>
      t.app.inject({ method: "POST", url: "/api/v2/connect/forgot-password", payload: { email } });
    const result = await measure({
      known: () => ask(known.email),
      unknown: (n) => ask(`nobody-${n}@example.com`),
      mails: { known: 1, unknown: 0 },
    });
    for (const answer of result.answers) {
      expect(answer.known.statusCode).toBe(200);
      expect(answer.unknown.statusCode).toBe(200);
      expect(answer.known.json()).toEqual({ message: authMessages.resetRequested });
      expect(answer.unknown.json()).toEqual(answer.known.json());
    }
    expect(relativeDifference(result.known, result.unknown)).toBeLessThan(MAX_MEDIAN_DIFFERENCE);
  });
});
