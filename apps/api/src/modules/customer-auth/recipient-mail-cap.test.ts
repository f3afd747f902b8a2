import { authMessages } from "@visadesk/contract/auth-constants";
import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CUSTOMER_API, quickCustomer, signUpBody } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  // The default cap, MAIL_PER_RECIPIENT_PER_HOUR=5.
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const post = (path: string, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/${path}`, payload });
const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email).length;
/** Lets the mails still on their way (after their answers) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("mails anyone can make the server send to an address", () => {
  it("reach it at most MAIL_PER_RECIPIENT_PER_HOUR (5) times an hour, sign-ups, resets and new codes together; the answers stay the same", async () => {
    const owner = await quickCustomer(t);
    for (let i = 0; i < 4; i += 1) {
      const answer = await post("auth/sign-up", signUpBody({ email: owner.email }));
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: messages.signedUp });
    }
    for (let i = 0; i < 3; i += 1) {
      // One reset link a minute per account: a minute apart, each would go.
      clock.advance(61_000);
      const reset = await post("auth/forgot-password", { email: owner.email });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toBe(authMessages.resetRequested);
      await settle();
    }
    await settle();
    expect(mailsTo(owner.email)).toBe(5);

    // An hour after the first, the address may be mailed again.
    clock.advance(60 * 60_000);
    expect((await post("auth/forgot-password", { email: owner.email })).statusCode).toBe(200);
    await settle();
    expect(mailsTo(owner.email)).toBe(6);
  });

  it("counts a sign-up's codes too: its new codes stop at the cap, answered as always", async () => {
    const body = signUpBody();
    await post("auth/sign-up", body);
    for (let i = 0; i < 6; i += 1) {
      clock.advance(61_000);
      const resend = await post("auth/resend-code", { email: body.email });
      expect(resend.json()).toEqual({ message: messages.codeSent });
      await settle();
    }
    await settle();
    expect(mailsTo(body.email)).toBe(5);
  });

  it("is counted in the database: two processes on one database share one count", async () => {
    const shared = await createTestApp({ clock, replicable: true });
    try {
      const replica = await shared.replica();
      const owner = await quickCustomer(shared);
      // Three through the other process (its mails go nowhere here, but count), then three through this one.
      for (const app of [replica.app, replica.app, replica.app, shared.app, shared.app, shared.app]) {
        clock.advance(61_000);
        const answer = await app.inject({
          method: "POST",
          url: `${CUSTOMER_API}/auth/forgot-password`,
          payload: { email: owner.email },
        });
        expect(answer.statusCode).toBe(200);
        // Its link is made after the answer, at the clock's time: before the clock moves on.
        await settle();
      }
      await vi.waitFor(() => expect(shared.mails.filter((mail) => mail.to === owner.email).length).toBe(2));
      await settle();
      expect(shared.mails.filter((mail) => mail.to === owner.email).length).toBe(2);
    } finally {
      await shared.close();
    }
  });
});
