import { authMessages, signInLockedMessage } from "@visadesk/contract/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

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
  it("locks an account after 10 failures in 15 minutes, even for the right password, and says when to retry", async () => {
    const account = await t.createAccount();
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn({ email: account.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const locked = await signIn({ email: account.email, password: account.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: signInLockedMessage(15) });
    expect(locked.json().message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(locked.headers["retry-after"]).toBe("900");
    // The account is locked, not the way it was named: the username is refused too.
    expect((await signIn({ userName: account.userName, password: account.password })).statusCode).toBe(429);
    const refusals = logLines.filter(
      (line) => line.includes('"outcome":"locked"') && line.includes(account.guidId),
    );
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toContain("sign-in refused: locked");

    clock.advance(10 * 60_000);
    const later = await signIn({ email: account.email, password: account.password });
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toBe("Too many failed sign-in attempts. Try again in 5 minutes.");
    expect(later.headers["retry-after"]).toBe("300");

    clock.advance(5 * 60_000 + 1000);
    expect((await signIn({ email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it("counts failures in a sliding window: old ones stop counting as they pass 15 minutes", async () => {
    const account = await t.createAccount();
    for (let i = 0; i < 5; i += 1) await signIn({ email: account.email, password: "wrong-password" });
    clock.advance(10 * 60_000);
    for (let i = 0; i < 5; i += 1) await signIn({ email: account.email, password: "wrong-password" });
    const locked = await signIn({ email: account.email, password: account.password });
    expect(locked.statusCode).toBe(429);
    // The first five leave the window in 5 minutes; then 5 failures remain, under the limit.
    expect(locked.json().message).toBe(signInLockedMessage(5));
    clock.advance(5 * 60_000 + 1000);
    expect((await signIn({ email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it("locks a client address after 10 failures across accounts; other addresses still sign in", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn({ email: `nobody${i}@example.com`, password: "guess-123" }, address);
      expect(response.statusCode).toBe(401);
    }
    const account = await t.createAccount();
    const fromThere = await signIn({ email: account.email, password: account.password }, address);
    expect(fromThere.statusCode).toBe(429);
    expect(fromThere.json().message).toBe(signInLockedMessage(15));
    expect((await signIn({ email: account.email, password: account.password })).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
  });

  it("forgets an account's failures when it signs in, but not the address's", async () => {
    const account = await t.createAccount();
    const address = freshAddress();
    for (let i = 0; i < 9; i += 1)
      await signIn({ email: account.email, password: "wrong-password" }, address);
    expect((await signIn({ email: account.email, password: account.password }, address)).statusCode).toBe(
      200,
    );
    // Nine more failures for the account: without the reset it would be at 18 and locked.
    for (let i = 0; i < 9; i += 1) await signIn({ email: account.email, password: "wrong-password" });
    expect((await signIn({ email: account.email, password: account.password })).statusCode).toBe(200);
    // The address kept its nine: one more failure from it reaches ten.
    await signIn({ email: "someone-else@example.com", password: "wrong-password" }, address);
    expect((await signIn({ email: account.email, password: account.password }, address)).statusCode).toBe(
      429,
    );
    clock.advance(15 * 60_000 + 1000);
  });

  it("does not count the right password of an account that may not sign in as a failure", async () => {
    const pending = await t.createAccount({ status: "pending" });
    for (let i = 0; i < 11; i += 1) {
      const response = await signIn({ email: pending.email, password: pending.password });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(authMessages.pendingApproval);
    }
  });

  it("locks unknown accounts exactly like known ones (the lock tells nothing)", async () => {
    const account = await t.createAccount();
    const answers = [];
    for (const email of [account.email, "no-such-account@example.com"]) {
      for (let i = 0; i < 10; i += 1) await signIn({ email, password: "wrong-password" });
      const locked = await signIn({ email, password: "wrong-password" });
      answers.push({ status: locked.statusCode, body: locked.json(), retry: locked.headers["retry-after"] });
    }
    expect(answers[0]?.status).toBe(429);
    expect(answers[1]).toEqual(answers[0]);
    clock.advance(15 * 60_000 + 1000);
  });

  it("lets no more than 10 guesses through in the window, however many arrive at once", async () => {
    const account = await t.createAccount();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => signIn({ email: account.email, password: `parallel-guess-${i}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    let guesses = statuses.filter((status) => status === 401).length;
    expect(guesses).toBeLessThanOrEqual(10);
    // A refused attempt is no guess: the rest of the ten may still be tried, one by one, then no more.
    for (let tries = 0; tries < 15; tries += 1) {
      const response = await signIn({ email: account.email, password: "one-more-guess" });
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
