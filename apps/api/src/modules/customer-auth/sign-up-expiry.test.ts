import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CUSTOMER_API, codeMailedTo, signUpBody } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";
import { createSignUpSweeper } from "./sign-up-sweeper";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { signUpExpiryHours: 2 } });
});
afterAll(() => t.close());

const post = (path: string, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/${path}`, payload });
const signUpsOf = (email: string) =>
  t.db.kysely.selectFrom("signUps").select("id").where("email", "=", email).execute();

describe("an unproven sign-up", () => {
  it("expires after SIGNUP_EXPIRY_HOURS: the job removes it, and its code no longer makes an account", async () => {
    const old = signUpBody();
    await post("auth/sign-up", old);
    const code = await codeMailedTo(t, old.email);
    clock.advance(90 * 60_000);
    const recent = signUpBody();
    await post("auth/sign-up", recent);
    await codeMailedTo(t, recent.email);

    clock.advance(31 * 60_000);
    const sweeper = createSignUpSweeper({ db: t.db.kysely, clock, log: t.app.log });
    expect(await sweeper.tick()).toBe(1);
    expect(await signUpsOf(old.email)).toEqual([]);
    expect(await signUpsOf(recent.email)).toHaveLength(1);

    const late = await post("auth/verify-email", { email: old.email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors).toEqual({ code: messages.codeWrong });
    expect(
      await t.db.kysely.selectFrom("users").select("id").where("email", "=", old.email).executeTakeFirst(),
    ).toBeUndefined();
    // Its username, address and CNIC were never held: anyone signs up with them again.
    const again = signUpBody({ email: old.email, userName: old.userName, cnic: old.cnic });
    await post("auth/sign-up", again);
    await vi.waitFor(async () => expect(await codeMailedTo(t, old.email)).not.toBe(code));
    const fresh = await codeMailedTo(t, old.email);
    expect((await post("auth/verify-email", { email: old.email, code: fresh })).statusCode).toBe(200);
  });
});
