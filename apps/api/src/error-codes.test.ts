import { authMessages } from "@visadesk/contract/auth-constants";
import { serverMessages, uploadMessages } from "@visadesk/contract/common-constants";
import { customerBookingMessages as messages } from "@visadesk/contract/customer-bookings";
import { ERROR_CODE_PATTERN, ERROR_CODES } from "@visadesk/contract/error-codes";
import { schedulingMessages } from "@visadesk/contract/scheduling-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "../test/customers";
import { createTestApp, type TestApp, testClock } from "../test/helpers";

// 08:00 in Karachi (the business zone): consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const book = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/appointments`, headers, payload });

describe("error codes", () => {
  it("tell the booking's two 409s apart: a taken time is slot_taken, a fourth upcoming one too_many_upcoming", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const first = await quickCustomer(t);
    const second = await quickCustomer(t);
    const at = (hour: string) => ({ consultantId, startsAt: `2026-12-04T${hour}:00Z`, description: "Visa" });
    expect((await book(first.headers, at("05:00"))).statusCode).toBe(201);

    const taken = await book(second.headers, at("05:00"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "slot_taken" });

    for (const hour of ["05:30", "06:00"]) expect((await book(first.headers, at(hour))).statusCode).toBe(201);
    const fourth = await book(first.headers, at("06:30"));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ message: messages.tooManyUpcoming(3), code: "too_many_upcoming" });

    // In Urdu the message is translated; the code stays the same word.
    const inUrdu = await book({ ...first.headers, "accept-language": "ur" }, at("07:00"));
    expect(inUrdu.statusCode).toBe(409);
    expect(inUrdu.json().code).toBe("too_many_upcoming");
  });

  it("code a refusal by the schemas validation_failed, whatever its first field's message", async () => {
    const customer = await quickCustomer(t);
    const refused = await book(customer.headers, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation_failed", error: "Bad Request" });
    expect(Object.keys(refused.json().fieldErrors).length).toBeGreaterThan(0);
  });

  it("code a missing session (401) and a role that may not (403)", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/appointments` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(ERROR_CODES).toContain(anonymous.json().code);

    const backOffice = await t.app.inject({ method: "GET", url: "/api/v2/audit/export" });
    expect(backOffice.statusCode).toBe(401);
    expect(backOffice.json()).toMatchObject({ message: serverMessages.notSignedIn, code: "not_signed_in" });

    const staff = (await t.signIn("Staff")).headers;
    const forbidden = await t.app.inject({ method: "GET", url: "/api/v2/audit/export", headers: staff });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: serverMessages.forbidden, code: "forbidden" });
  });

  it("code a missing record not_found and a path no route has route_not_found", async () => {
    const customer = await quickCustomer(t);
    const missing = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/appointments/00000000-0000-4000-8000-000000000000`,
      headers: customer.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.notFound, code: "not_found" });

    for (const url of ["/api/v2/no-such-thing", "/api/v2/select x from users "]) {
      const noRoute = await t.app.inject({ method: "GET", url });
      expect(noRoute.statusCode).toBe(404);
      expect(noRoute.json(), url).toMatchObject({ code: "route_not_found" });
    }
  });

  it("code the framework's refusals of a body: too large (413) and of a type not read (415)", async () => {
    const customer = await quickCustomer(t);
    const large = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers: { ...customer.headers, "content-type": "application/json" },
      payload: JSON.stringify({ description: "x".repeat(2_000_000) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ message: uploadMessages.bodyTooLarge, code: "body_too_large" });

    const text = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers: { ...customer.headers, "content-type": "application/xml" },
      payload: "<book/>",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      message: serverMessages.unsupportedContentType,
      code: "unsupported_content_type",
    });
  });
});

type Example = { message: string; code: string };
type ErrorAnswer = {
  content?: Record<string, { example?: Example; examples?: Record<string, { value: Example }> }>;
};
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, ErrorAnswer> }>>;
  components: { schemas: { Error: { required: string[] } } };
};
const documentOf = async (url: string) => (await t.app.inject({ method: "GET", url })).json() as Document;
/** The examples of one error answer of one operation. */
const examplesOf = (document: Document, path: string, method: string, status: string): Example[] => {
  const media = document.paths[path]?.[method]?.responses[status]?.content?.["application/json"];
  if (!media) return [];
  return media.example ? [media.example] : Object.values(media.examples ?? {}).map(({ value }) => value);
};

describe("the API documents", () => {
  it("declare the code in the error shape, and give the error answers examples with a catalogued code", async () => {
    for (const url of ["/api/docs/json", "/api/customer/docs/json"]) {
      const document = await documentOf(url);
      expect(document.components.schemas.Error.required).toContain("code");
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          for (const status of Object.keys(operation.responses).filter((status) => /^[45]/.test(status))) {
            const examples = examplesOf(document, path, method, status);
            // Not yet: a 409 whose operation does not name its refusals (the back-office's account actions).
            if (status !== "409" && status !== "406") {
              expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
            }
            for (const example of examples) {
              expect(example.code, `${method} ${path} ${status}`).toMatch(ERROR_CODE_PATTERN);
              expect(ERROR_CODES, `${method} ${path} ${status}`).toContain(example.code);
            }
          }
        }
      }
    }
  });

  it("show each operation's own refusals: the booking's two 409s, its 422 rule, a sign-in's wrong password", async () => {
    const customer = await documentOf("/api/customer/docs/json");
    const booking = `${CUSTOMER_API}/appointments`;
    expect(examplesOf(customer, booking, "post", "409").map(({ code }) => code)).toEqual(
      expect.arrayContaining(["slot_taken", "too_many_upcoming"]),
    );
    expect(examplesOf(customer, booking, "post", "422")).toContainEqual({
      message: schedulingMessages.unavailable,
      code: "unavailable",
    });
    expect(examplesOf(customer, `${booking}/{id}/reschedule`, "post", "422")).toEqual([
      { message: schedulingMessages.unavailable, code: "unavailable" },
    ]);
    expect(examplesOf(customer, `${CUSTOMER_API}/auth/sign-in`, "post", "401")[0]?.code).toBe(
      "wrong_credentials",
    );
    const backOffice = await documentOf("/api/docs/json");
    expect(examplesOf(backOffice, "/api/v2/connect/verify-login", "post", "401")).toEqual([
      { message: authMessages.wrongCredentials, code: "wrong_credentials" },
    ]);
  });
});
