import { appUserValidationMessages } from "@visadesk/contract/app-user-validation";
import { appointmentMessages } from "@visadesk/contract/appointments-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { ur } from "@visadesk/contract/customer-answers/ur";
import { customerAuthMessages } from "@visadesk/contract/customer-auth";
import { customerBookingMessages } from "@visadesk/contract/customer-bookings";
import { schedulingMessages } from "@visadesk/contract/scheduling";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer, signUpBody } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

/**
 * The customer API answers its texts in the customer's language: the signed-in customer's account language,
 * else the request's Accept-Language, else English (word for word as before).
 */
// 08:00 in Karachi (the business zone): consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const URDU_BROWSER = { "accept-language": "ur-PK,ur;q=0.9,en-US;q=0.8,en;q=0.7" };
const inUrduScript = /[\u0600-\u06ff]/;

/** A sign-up with no first name and a malformed email. */
const badSignUp = (headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/auth/sign-up`,
    headers,
    payload: signUpBody({ firstName: "", email: "not-an-address", password: "x".repeat(129) }),
  });

describe("an anonymous visitor's answers", () => {
  it("come in Urdu, field by field, when the request asks for Urdu (sign-up's validation)", async () => {
    const answer = await badSignUp(URDU_BROWSER);
    expect(answer.statusCode).toBe(400);
    const { message, fieldErrors } = answer.json();
    expect(fieldErrors).toEqual({
      firstName: ur.fields.firstName,
      email: ur.fields.emailInvalid,
      password: ur.fields.passwordTooLong,
    });
    expect(message).toBe(ur.fields.emailInvalid);
    expect(answer.headers.vary).toMatch(/Accept-Language/i);
  });

  it("come in English, word for word as before, without the header, or when English is asked for first", async () => {
    const asks: Record<string, string>[] = [
      {},
      { "accept-language": "en-GB,en;q=0.9,ur;q=0.8" },
      { "accept-language": "fr" },
    ];
    for (const headers of asks) {
      const answer = await badSignUp(headers);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: appUserValidationMessages.emailInvalid,
        code: "validation_failed",
        error: "Bad Request",
        fieldErrors: {
          firstName: appUserValidationMessages.firstName,
          email: appUserValidationMessages.emailInvalid,
          password: "Password must be at most 128 characters",
        },
      });
    }
  });

  it("say a refused sign-in, a missing token and the schema library's own words in Urdu", async () => {
    const signIn = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/sign-in`,
      headers: { "accept-language": "ur" },
      payload: { email: "nobody@example.com", password: "wrong-password", deviceName: "Phone" },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(ur.auth.wrongCredentials);

    const me = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers: URDU_BROWSER });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(ur.server.notSignedIn);

    // Where the refresh token goes has no message of ours: the library's, with its options, in Urdu.
    const nowhere = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/sign-in`,
      headers: URDU_BROWSER,
      payload: {
        email: "nobody@example.com",
        password: "wrong-password",
        deviceName: "Phone",
        refreshTokenIn: "nowhere",
      },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().fieldErrors).toEqual({
      refreshTokenIn: 'غلط انتخاب: ان میں سے ایک متوقع تھا: "body"|"cookie"',
    });
  });
});

describe("a signed-in customer's answers", () => {
  /** A customer whose account reads the language, with a request that asks for the other one. */
  async function customerReading(language: "en" | "ur") {
    const customer = await quickCustomer(t);
    await t.db.kysely.updateTable("users").set({ language }).where("email", "=", customer.email).execute();
    const other = language === "ur" ? "en" : "ur";
    return { ...customer, headers: { ...customer.headers, "accept-language": other } };
  }
  const book = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "POST", url: `${CUSTOMER_API}/appointments`, headers, payload });
  const cancel = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: "POST", url: `${CUSTOMER_API}/appointments/${id}/cancel`, headers, payload: {} });
  /** 10:00 in Karachi on 3 December; 20:00 is after the consultant's hours; 15:00 today is within the cut-off. */
  const TEN = "2026-12-03T05:00:00Z";
  const EIGHT_PM = "2026-12-03T15:00:00Z";
  const TODAY_THREE_PM = "2026-12-01T10:00:00Z";

  it("come in Urdu for a customer whose language is Urdu, whatever the request asks: the booking's refusals", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const first = await customerReading("en");
    const customer = await customerReading("ur");
    expect(
      (await book(first.headers, { consultantId, startsAt: TEN, description: "First" })).statusCode,
    ).toBe(201);

    const taken = await book(customer.headers, { consultantId, startsAt: TEN, description: "Second" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: ur.booking.slotTaken,
      fieldErrors: { appointmentTime: ur.booking.slotTaken },
    });

    const late = await book(customer.headers, { consultantId, startsAt: EIGHT_PM, description: "Late" });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(ur.booking.unavailable);

    const near = await book(customer.headers, {
      consultantId,
      startsAt: TODAY_THREE_PM,
      description: "Near",
    });
    expect(near.statusCode, near.body).toBe(201);
    const tooLate = await cancel(customer.headers, near.json().guidId);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(
      "اپائنٹمنٹ اس کے شروع ہونے سے 24 گھنٹے پہلے تک منسوخ یا تبدیل کی جا سکتی ہے۔ براہِ کرم کنسلٹنٹ سے رابطہ کریں۔",
    );
    expect(tooLate.json().message).toMatch(inUrduScript);

    const signedOut = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/sign-out`,
      headers: customer.headers,
      payload: {},
    });
    expect(signedOut.json().message).toBe(ur.auth.signedOut);
  });

  it("stay English, word for word, for a customer whose language is English, though the request asks for Urdu", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const first = await customerReading("en");
    const customer = await customerReading("en");
    expect(customer.headers["accept-language"]).toBe("ur");
    const startsAt = "2026-12-03T06:00:00Z";
    expect((await book(first.headers, { consultantId, startsAt, description: "First" })).statusCode).toBe(
      201,
    );
    const taken = await book(customer.headers, { consultantId, startsAt, description: "Second" });
    expect(taken.json().message).toBe(appointmentMessages.slotTaken);
    const late = await book(customer.headers, { consultantId, startsAt: EIGHT_PM, description: "Late" });
    expect(late.json().message).toBe(schedulingMessages.unavailable);
    const near = await book(customer.headers, {
      consultantId,
      startsAt: "2026-12-01T11:00:00Z",
      description: "Near",
    });
    const tooLate = await cancel(customer.headers, near.json().guidId);
    expect(tooLate.json().message).toBe(customerBookingMessages.tooLateToChange(24));
  });

  it("leave the back-office API English for a request that asks for Urdu", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/v2/User/users", headers: URDU_BROWSER });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe(serverMessages.notSignedIn);
    expect(customerAuthMessages.signedOut).toBe("Signed out");
  });
});
