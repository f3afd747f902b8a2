import { ur } from "@visadesk/contract/customer-answers/ur";
import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CUSTOMER_API, codeMailedTo, signUpBody } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  // A sign-up that lives three days, so the day after the cap can be seen; the cap is the default, 20.
  t = await createTestApp({ clock, config: { signUpExpiryHours: 72, mailPerRecipientPerHour: 100 } });
});
afterAll(() => t.close());

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/${path}`, payload, headers });

/** Asks for a new code a minute after the last one, and answers it once it has arrived. */
async function newCode(email: string, previous: string): Promise<string> {
  clock.advance(61_000);
  expect((await post("auth/resend-code", { email })).json()).toEqual({ message: messages.codeSent });
  await vi.waitFor(async () => expect(await codeMailedTo(t, email)).not.toBe(previous));
  return codeMailedTo(t, email);
}

describe("wrong verification codes", () => {
  it("are at most VERIFY_CODE_DAILY_TRIES (20) a day per sign-up, new codes or not; after a day the right code works", async () => {
    const body = signUpBody();
    await post("auth/sign-up", body);
    let code = await codeMailedTo(t, body.email);
    const wrongFor = (right: string) => (right === "000000" ? "111111" : "000000");
    for (let round = 0; round < 4; round += 1) {
      if (round > 0) code = await newCode(body.email, code);
      for (let i = 0; i < 5; i += 1) {
        const answer = await post("auth/verify-email", { email: body.email, code: wrongFor(code) });
        expect(answer.json().fieldErrors).toEqual({ code: messages.codeWrong });
      }
    }
    // Twenty wrong: a new code, even the right one, waits until the day is over, and says so.
    code = await newCode(body.email, code);
    const capped = await post("auth/verify-email", { email: body.email, code });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().fieldErrors).toEqual({ code: messages.codeTriesUsedUp });
    const inUrdu = await post("auth/verify-email", { email: body.email, code }, { "accept-language": "ur" });
    expect(inUrdu.json().fieldErrors).toEqual({ code: ur.auth.codeTriesUsedUp });
    // Signing up again with the address does not buy more tries.
    await post("auth/sign-up", { ...body, userName: `${body.userName}x` });
    expect((await post("auth/verify-email", { email: body.email, code })).json().fieldErrors).toEqual({
      code: messages.codeTriesUsedUp,
    });

    clock.advance(24 * 3_600_000);
    code = await newCode(body.email, code);
    const verified = await post("auth/verify-email", { email: body.email, code });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("are capped the same for an app user staff added, whose email is not proven yet", async () => {
    const account = await t.createAccount({ role: "AppUser" });
    let code = "";
    for (let round = 0; round < 4; round += 1) {
      code = await newCode(account.email, code);
      for (let i = 0; i < 5; i += 1) {
        const wrong = code === "000000" ? "111111" : "000000";
        await post("auth/verify-email", { email: account.email, code: wrong });
      }
    }
    code = await newCode(account.email, code);
    const capped = await post("auth/verify-email", { email: account.email, code });
    expect(capped.json().fieldErrors).toEqual({ code: messages.codeTriesUsedUp });
    clock.advance(24 * 3_600_000);
    code = await newCode(account.email, code);
    expect((await post("auth/verify-email", { email: account.email, code })).statusCode).toBe(200);
  });
});
