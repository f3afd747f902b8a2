import { authMessages } from "@visadesk/contract/auth-constants";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

/**
 * Reset links cannot flood a mailbox: one mail per account a minute however often it is asked for, and a new
 * link ends the earlier ones, while Forgot password answers the same for known and unknown addresses.
 */
const clock = testClock(new Date("2030-05-01T08:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/v2/connect/forgot-password", payload: { email } });
const reset = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/connect/reset-password",
    payload: { token, password: "a fresh pass phrase" },
  });
const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email);
const tokenIn = (text: string) => /\/forgot-password\/reset\?token=([\w-]+)/.exec(text)?.[1] ?? "";
/** The mails leave after the answer: wait for the first, then long enough for any others to show. */
async function settledMailsTo(email: string, atLeast: number) {
  await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(atLeast));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return mailsTo(email);
}

describe("forgot password", () => {
  it("mails one link for 10 asks in a minute, answering each like an unknown address", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const unknown = await forgot("nobody-at-all@example.com");
    for (let ask = 0; ask < 5; ask += 1) {
      const known = await forgot(account.email);
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.json()).toEqual(unknown.json());
    }
    await Promise.all(Array.from({ length: 5 }, () => forgot(account.email)));
    const mails = await settledMailsTo(account.email, 1);
    expect(mails).toHaveLength(1);
    expect(mailsTo("nobody-at-all@example.com")).toHaveLength(0);
  });

  it("mails again after a minute, and the new link ends the earlier one", async () => {
    const account = await t.createAccount({ role: "Staff" });
    await forgot(account.email);
    const [first] = await settledMailsTo(account.email, 1);
    clock.advance(61_000);
    await forgot(account.email);
    const mails = await settledMailsTo(account.email, 2);
    expect(mails).toHaveLength(2);
    const stale = await reset(tokenIn(first?.text ?? ""));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(authMessages.resetInvalid);
    expect((await reset(tokenIn(mails[1]?.text ?? ""))).statusCode).toBe(200);
  });
});

describe("a reset link Staff send an app user", () => {
  it("goes once a minute; a second ask says the last link still works and mails nothing", async () => {
    const { headers } = await t.signIn("Staff");
    const appUser = await t.createAccount({ role: "AppUser" });
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${appUser.guidId}/send-password-reset`,
        headers,
      });
    expect((await send()).json().message).toBe(appUserMessages.passwordResetSent(appUser.email));
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(appUserMessages.passwordResetRecent(appUser.email));
    expect(mailsTo(appUser.email)).toHaveLength(1);
  });
});
