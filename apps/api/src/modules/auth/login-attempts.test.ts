import http from "node:http";
import type { AddressInfo } from "node:net";
import { authMessages, signInLockedMessage } from "@visadesk/contract/auth-constants";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

let t: TestApp;
const clock = testClock();
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { logLevel: "info" },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => t.close());

let addresses = 0;
/** A client address no other attempt has used, so only the counter under test can lock. */
const freshAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const signIn = (
  credentials: { email?: string; userName?: string; password: string },
  from = freshAddress(),
) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: credentials,
    remoteAddress: from,
  });

describe("sign-in lockout", () => {
  const failTenTimes = async (login: { email?: string; userName?: string }, from: string) => {
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn({ ...login, password: `wrong-${i}` }, from)).statusCode).toBe(401);
    }
  };
  /** How long the server made the attempt wait (the test clock moves on by what the server waits). */
  const waitedFor = async (attempt: () => Promise<unknown>) => {
    const before = clock.now().getTime();
    await attempt();
    return clock.now().getTime() - before;
  };

  it("locks an account for the address that failed 10 times in 15 minutes, even for the right password, and says when to retry", async () => {
    const account = await t.createAccount();
    const guesser = freshAddress();
    await failTenTimes({ email: account.email }, guesser);
    const locked = await signIn({ email: account.email, password: account.password }, guesser);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: signInLockedMessage(15), code: "sign_in_locked" });
    expect(locked.json().message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(locked.headers["retry-after"]).toBe("900");
    // The email is locked for that address in any case; the username counts on its own (see below).
    const again = await signIn({ email: account.email.toUpperCase(), password: account.password }, guesser);
    expect(again.statusCode).toBe(429);
    const refusals = logLines.filter(
      (line) => line.includes('"outcome":"locked"') && line.includes(account.guidId),
    );
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toContain("sign-in refused: locked");

    clock.advance(10 * 60_000);
    const later = await signIn({ email: account.email, password: account.password }, guesser);
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toBe("Too many failed sign-in attempts. Try again in 5 minutes.");
    expect(later.headers["retry-after"]).toBe("300");

    clock.advance(5 * 60_000 + 1000);
    expect((await signIn({ email: account.email, password: account.password }, guesser)).statusCode).toBe(
      200,
    );
  });

  it("never locks the owner out from another address: the account is only slowed down", async () => {
    const account = await t.createAccount();
    await failTenTimes({ email: account.email }, freshAddress());
    let answer: Awaited<ReturnType<typeof signIn>> | undefined;
    const waited = await waitedFor(async () => {
      answer = await signIn({ email: account.email, password: account.password });
    });
    expect(answer?.statusCode).toBe(200);
    expect(waited).toBe(1000);
    clock.advance(15 * 60_000 + 1000);
  });

  it("slows every attempt on an account guessed at from many addresses, a second more each time, at most 10", async () => {
    const account = await t.createAccount();
    // Ten addresses, one failure each: no address is near its own limit.
    for (let i = 0; i < 10; i += 1) await signIn({ email: account.email, password: `spread-${i}` });
    const waits = [];
    for (let i = 0; i < 12; i += 1) {
      waits.push(await waitedFor(() => signIn({ email: account.email, password: `spread-more-${i}` })));
    }
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000, 10_000, 10_000]);
    // Another account is not slowed.
    const other = await t.createAccount();
    expect(await waitedFor(() => signIn({ email: other.email, password: other.password }))).toBe(0);
    clock.advance(15 * 60_000 + 1000);
    expect(await waitedFor(() => signIn({ email: account.email, password: account.password }))).toBe(0);
  });

  it("counts failures in a sliding window: old ones stop counting as they pass 15 minutes", async () => {
    const account = await t.createAccount();
    const from = freshAddress();
    for (let i = 0; i < 5; i += 1) await signIn({ email: account.email, password: "wrong-password" }, from);
    clock.advance(10 * 60_000);
    for (let i = 0; i < 5; i += 1) await signIn({ email: account.email, password: "wrong-password" }, from);
    const locked = await signIn({ email: account.email, password: account.password }, from);
    expect(locked.statusCode).toBe(429);
    // The first five leave the window in 5 minutes; then 5 failures remain, under the limit.
    expect(locked.json().message).toBe(signInLockedMessage(5));
    clock.advance(5 * 60_000 + 1000);
    expect((await signIn({ email: account.email, password: account.password }, from)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
  });

  it("never lets failures for made-up accounts lock or slow a real one, nor others at that address", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn({ email: `nobody${i}@example.com`, password: "guess-123" }, address);
      expect(response.statusCode).toBe(401);
    }
    // Ten guesses at one made-up name lock only that name from that address.
    await failTenTimes({ email: "made-up@example.com" }, address);
    expect((await signIn({ email: "made-up@example.com", password: "x-guess" }, address)).statusCode).toBe(
      429,
    );
    const account = await t.createAccount();
    let answer: Awaited<ReturnType<typeof signIn>> | undefined;
    const waited = await waitedFor(async () => {
      answer = await signIn({ email: account.email, password: account.password }, address);
    });
    expect(answer?.statusCode).toBe(200);
    expect(waited).toBe(0);
    clock.advance(15 * 60_000 + 1000);
  });

  it("forgets an address's failures for the account when it signs in from there", async () => {
    const account = await t.createAccount();
    const address = freshAddress();
    for (let i = 0; i < 9; i += 1)
      await signIn({ email: account.email, password: "wrong-password" }, address);
    expect((await signIn({ email: account.email, password: account.password }, address)).statusCode).toBe(
      200,
    );
    // Nine more failures: without the reset it would be at 18 and locked.
    for (let i = 0; i < 9; i += 1)
      await signIn({ email: account.email, password: "wrong-password" }, address);
    expect((await signIn({ email: account.email, password: account.password }, address)).statusCode).toBe(
      200,
    );
    clock.advance(15 * 60_000 + 1000);
  });

  it("ends the lock and the slow-down when the owner completes a password reset", async () => {
    const account = await t.createAccount();
    const address = freshAddress();
    await failTenTimes({ email: account.email }, address);
    const before = t.mails.length;
    await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: account.email },
    });
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    const token = /token=([\w-]+)/.exec(t.mails.at(-1)?.text ?? "")?.[1];
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token, password: "a-fresh-password-1" },
    });
    expect(reset.statusCode).toBe(200);
    let answer: Awaited<ReturnType<typeof signIn>> | undefined;
    const waited = await waitedFor(async () => {
      answer = await signIn({ email: account.email, password: "a-fresh-password-1" }, address);
    });
    expect(answer?.statusCode).toBe(200);
    expect(waited).toBe(0);
  });

  it("lets an Admin unlock an account (Staff may not), which ends its lock and slow-down", async () => {
    const account = await t.createAccount();
    const address = freshAddress();
    await failTenTimes({ email: account.email }, address);
    const unlock = (headers: Record<string, string>, id = account.guidId) =>
      t.app.inject({ method: "POST", url: `/api/v2/User/users/${id}/unlock`, headers });
    const staff = await t.signIn("Staff");
    expect((await unlock(staff.headers)).statusCode).toBe(403);
    expect((await signIn({ email: account.email, password: account.password }, address)).statusCode).toBe(
      429,
    );
    const admin = await t.signIn("Admin");
    const unlocked = await unlock(admin.headers);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ message: approvalMessages.unlocked });
    let answer: Awaited<ReturnType<typeof signIn>> | undefined;
    const waited = await waitedFor(async () => {
      answer = await signIn({ email: account.email, password: account.password }, address);
    });
    expect(answer?.statusCode).toBe(200);
    expect(waited).toBe(0);
    expect((await unlock(admin.headers, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("does not count the right password of an account that may not sign in as a failure", async () => {
    const pending = await t.createAccount({ status: "pending" });
    const from = freshAddress();
    for (let i = 0; i < 11; i += 1) {
      const response = await signIn({ email: pending.email, password: pending.password }, from);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(authMessages.pendingApproval);
    }
  });

  it("locks unknown accounts exactly like known ones (the lock tells nothing)", async () => {
    const account = await t.createAccount();
    const from = freshAddress();
    const answers = [];
    for (const email of [account.email, "no-such-account@example.com"]) {
      for (let i = 0; i < 10; i += 1) await signIn({ email, password: "wrong-password" }, from);
      const locked = await signIn({ email, password: "wrong-password" }, from);
      answers.push({ status: locked.statusCode, body: locked.json(), retry: locked.headers["retry-after"] });
    }
    expect(answers[0]?.status).toBe(429);
    expect(answers[1]).toEqual(answers[0]);
    clock.advance(15 * 60_000 + 1000);
  });

  it("tells nothing by its counts: a known email and username answer and wait like unknown ones at every attempt", {
    timeout: 120_000,
  }, async () => {
    // Per name: what each attempt answered (status, body, Retry-After) and how long it was made to wait.
    const trace = async (email: string, userName: string) => {
      const steps: Array<Record<string, unknown>> = [];
      const record = async (credentials: { email?: string; userName?: string }, from: string) => {
        let answer: Awaited<ReturnType<typeof signIn>> | undefined;
        const waited = await waitedFor(async () => {
          answer = await signIn({ ...credentials, password: "x" }, from);
        });
        const { statusCode: status, headers } = answer ?? { headers: {} };
        steps.push({ status, body: answer?.json(), retryAfter: headers["retry-after"], waited });
      };
      // From one address: 10 by email, one more, then one by username (a known pair used to be locked by
      // either name, an unknown one by neither).
      const guesser = freshAddress();
      for (let i = 0; i < 11; i += 1) await record({ email }, guesser);
      await record({ userName }, guesser);
      // From elsewhere: the email is slowed down, the username is not, known or unknown.
      await record({ email: email.toUpperCase() }, freshAddress());
      await record({ userName }, freshAddress());
      clock.advance(15 * 60_000 + 1000);
      return steps;
    };
    const account = await t.createAccount();
    const known = await trace(account.email, account.userName);
    const unknown = await trace("nobody-at-all@example.com", "nobodyatall");
    expect(known).toEqual(unknown);
    expect(known.map((step) => [step.status, step.waited])).toEqual([
      ...Array(10).fill([401, 0]),
      [429, 0],
      [401, 0],
      [401, 1000],
      [401, 0],
    ]);
  });

  it("lets no more than 10 guesses from one address through in the window, however many arrive at once", async () => {
    const account = await t.createAccount();
    const from = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        signIn({ email: account.email, password: `parallel-guess-${i}` }, from),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    let guesses = statuses.filter((status) => status === 401).length;
    expect(guesses).toBeLessThanOrEqual(10);
    // A refused attempt is no guess: the rest of the ten may still be tried, one by one, then no more.
    for (let tries = 0; tries < 15; tries += 1) {
      const response = await signIn({ email: account.email, password: "one-more-guess" }, from);
      if (response.statusCode !== 401) break;
      guesses += 1;
    }
    expect(guesses).toBe(10);
    clock.advance(15 * 60_000 + 1000);
  });
});

describe("sign-in log", () => {
  const entries = () =>
    logLines
      .map((line) => JSON.parse(line) as { msg: string; reqId?: string; signIn?: Record<string, unknown> })
      .filter((entry) => entry.signIn);

  it("logs every success and failure with the account, the address, the outcome and the reason, never the password", async () => {
    const password = "Unmistakable-Password-4711";
    const guess = "Unmistakable-Guess-0815";
    const account = await t.createAccount({ password });
    const address = freshAddress();
    const before = logLines.length;
    await signIn({ email: account.email, password: guess }, address);
    await signIn({ email: "ghost@example.com", password: guess }, address);
    await signIn({ userName: account.userName, password }, address);
    const written = logLines.slice(before).join("\n");
    expect(written).not.toContain(password);
    expect(written).not.toContain(guess);

    const lines = entries().filter((entry) => entry.signIn?.address === address);
    expect(lines.map((entry) => entry.signIn)).toEqual([
      {
        outcome: "failure",
        reason: "wrong password",
        login: account.email,
        userGuid: account.guidId,
        address,
      },
      { outcome: "failure", reason: "no such account", login: "ghost@example.com", address },
      { outcome: "success", login: account.userName, userGuid: account.guidId, address },
    ]);
    expect(lines.map((entry) => entry.msg)).toEqual([
      "sign-in failed",
      "sign-in failed",
      "sign-in succeeded",
    ]);
    // Each line carries the request id, to follow one attempt through the log.
    for (const entry of lines) expect(entry.reqId).toEqual(expect.any(String));
  });
});

describe("sign-in lockout over real connections", () => {
  /** A sign-in over TCP from the given local address (127.0.0.0/8 is all loopback). */
  const signInFrom = (port: number, localAddress: string, body: object) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          localAddress,
          method: "POST",
          path: "/api/v2/connect/verify-login",
          headers: { "content-type": "application/json" },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify(body));
    });

  it("locks the guessing address (127.0.0.2) while the owner signs in from another (127.0.0.3)", async () => {
    const real = await createTestApp();
    try {
      await real.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = real.app.server.address() as AddressInfo;
      const account = await real.createAccount();
      for (let i = 0; i < 10; i += 1) {
        expect(await signInFrom(port, "127.0.0.2", { email: account.email, password: `wrong-${i}` })).toBe(
          401,
        );
      }
      const right = { email: account.email, password: account.password };
      expect(await signInFrom(port, "127.0.0.2", right)).toBe(429);
      expect(await signInFrom(port, "127.0.0.3", right)).toBe(200);
    } finally {
      await real.close();
    }
  });
});
