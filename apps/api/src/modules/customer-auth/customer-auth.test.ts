import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bearer,
  CUSTOMER_API,
  codeMailedTo,
  signedInCustomer,
  signIn,
  signUpBody,
} from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/${path}`, payload, headers });
const get = (path: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `${CUSTOMER_API}/${path}`, headers });

describe("proving the email", () => {
  it("refuses a sign-up missing a field the back-office requires, naming it", async () => {
    const { cnic: _cnic, ...body } = signUpBody();
    const answer = await post("auth/sign-up", { ...body, language: "fr" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toMatchObject({
      cnic: expect.any(String),
      language: messages.languageInvalid,
    });
  });

  it("spends a code after five wrong tries, and a new one can be asked for", async () => {
    const body = signUpBody();
    await post("auth/sign-up", body);
    const code = await codeMailedTo(t, body.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      const answer = await post("auth/verify-email", { email: body.email, code: wrong });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fieldErrors).toEqual({ code: messages.codeWrong });
    }
    expect((await post("auth/verify-email", { email: body.email, code })).statusCode).toBe(400);
    // Another code, a minute later (one a minute per account).
    clock.advance(61_000);
    const resend = await post("auth/resend-code", { email: body.email });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ message: messages.codeSent });
    await vi.waitFor(async () => expect(await codeMailedTo(t, body.email)).not.toBe(code), { timeout: 2000 });
    const fresh = await codeMailedTo(t, body.email);
    expect((await post("auth/verify-email", { email: body.email, code: fresh })).statusCode).toBe(200);
    // The same answer for an address nobody registered.
    expect((await post("auth/resend-code", { email: "nobody-here@example.com" })).json()).toEqual({
      message: messages.codeSent,
    });
  });
});

describe("signing in on a device", () => {
  it("answers a wrong password and an unknown email alike, and refuses a back-office account", async () => {
    const customer = await signedInCustomer(t);
    const wrong = await post("auth/sign-in", {
      email: customer.email,
      password: "not-the-password",
      deviceName: "Phone",
    });
    const unknown = await post("auth/sign-in", {
      email: "nobody-at-all@example.com",
      password: "not-the-password",
      deviceName: "Phone",
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    const staff = await t.createAccount({ role: "Staff" });
    const refused = await post("auth/sign-in", {
      email: staff.email,
      password: staff.password,
      deviceName: "Phone",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.staffAccount);
  });

  it("gives an access token of 15 minutes; after that only the refresh token gets a new one", async () => {
    const customer = await signedInCustomer(t);
    expect(customer.pair.expiresIn).toBe(15 * 60);
    expect((await get("me", customer.headers)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
    expect((await get("me", customer.headers)).statusCode).toBe(401);
    const refreshed = await post("auth/refresh", { refreshToken: customer.pair.refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json();
    expect(next.refreshToken).not.toBe(customer.pair.refreshToken);
    expect(next.sessionId).toBe(customer.pair.sessionId);
    expect((await get("me", bearer(next.accessToken))).statusCode).toBe(200);
  });

  it("a refresh token used twice ends the device's whole chain", async () => {
    const customer = await signedInCustomer(t);
    const first = (await post("auth/refresh", { refreshToken: customer.pair.refreshToken })).json();
    // The old token again (a copy in a thief's hands): refused, and the chain ends.
    const reuse = await post("auth/refresh", { refreshToken: customer.pair.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(messages.refreshInvalid);
    expect((await post("auth/refresh", { refreshToken: first.refreshToken })).statusCode).toBe(401);
    expect((await get("me", bearer(first.accessToken))).statusCode).toBe(401);
    // Signing in again opens a new device session.
    const again = await signIn(t, customer.email, customer.password);
    expect((await get("me", bearer(again.accessToken))).statusCode).toBe(200);
  });

  it("the customer site gets its refresh token in an HttpOnly cookie, never in the answer", async () => {
    const customer = await signedInCustomer(t);
    const signIn = await post("auth/sign-in", {
      email: customer.email,
      password: customer.password,
      deviceName: "Browser",
      refreshTokenIn: "cookie",
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().refreshToken).toBeUndefined();
    const cookie = signIn.cookies.find((set) => set.name === "customer_refresh");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: `${CUSTOMER_API}/auth` });
    const value = cookie?.value ?? "";
    expect(signIn.body).not.toContain(value);

    const refreshed = await post("auth/refresh", {}, { cookie: `customer_refresh=${value}` });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().refreshToken).toBeUndefined();
    const next = refreshed.cookies.find((set) => set.name === "customer_refresh")?.value;
    expect(next).toBeDefined();
    expect(next).not.toBe(value);
    // The old cookie again: reuse, the chain ends.
    expect((await post("auth/refresh", {}, { cookie: `customer_refresh=${value}` })).statusCode).toBe(401);
    expect((await post("auth/refresh", {}, { cookie: `customer_refresh=${next}` })).statusCode).toBe(401);
    expect((await post("auth/refresh", {})).statusCode).toBe(401);
  });

  it("signing out ends the device: its access and refresh tokens stop working", async () => {
    const customer = await signedInCustomer(t);
    const out = await post("auth/sign-out", {}, customer.headers);
    expect(out.statusCode).toBe(200);
    expect((await get("me", customer.headers)).statusCode).toBe(401);
    expect((await post("auth/refresh", { refreshToken: customer.pair.refreshToken })).statusCode).toBe(401);
  });

  it("lists my devices and signs one out; another customer's device is not mine to end", async () => {
    const customer = await signedInCustomer(t, { deviceName: "Pixel" });
    const laptop = await signIn(t, customer.email, customer.password, "Laptop");
    const { data: sessions, total } = (await get("me/sessions", customer.headers)).json();
    expect(total).toBe(2);
    expect(sessions.map((session: { deviceName: string }) => session.deviceName).sort()).toEqual([
      "Laptop",
      "Pixel",
    ]);
    expect(sessions.find((session: { current: boolean }) => session.current).deviceName).toBe("Pixel");

    const other = await signedInCustomer(t);
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me/sessions/${laptop.sessionId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get("me", bearer(laptop.accessToken))).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me/sessions/${laptop.sessionId}`,
      headers: customer.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect((await get("me", bearer(laptop.accessToken))).statusCode).toBe(401);
    expect((await post("auth/refresh", { refreshToken: laptop.refreshToken })).statusCode).toBe(401);
  });
});

describe("the two APIs' tokens", () => {
  it("a customer token opens no back-office route and a back-office token no customer route", async () => {
    const customer = await signedInCustomer(t);
    const backOffice = await t.app.inject({
      method: "GET",
      url: "/api/v2/User/users",
      headers: customer.headers,
    });
    expect(backOffice.statusCode).toBe(401);
    const staff = await t.signIn("Staff");
    expect((await get("me", staff.headers)).statusCode).toBe(401);
    // A staff-minted session of an app user is no customer session either.
    const appUser = await t.sessionFor(await t.createAccount({ role: "AppUser" }));
    expect((await get("me", appUser.headers)).statusCode).toBe(401);
  });

  it("the customer API has its own document, and the back-office's does not list its routes", async () => {
    const customerDoc = (await t.app.inject({ method: "GET", url: "/api/customer/docs/json" })).json();
    expect(Object.keys(customerDoc.paths)).toContain(`${CUSTOMER_API}/auth/sign-in`);
    expect(Object.keys(customerDoc.paths).every((path) => path.startsWith(CUSTOMER_API))).toBe(true);
    const backOfficeDoc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(backOfficeDoc.paths).some((path) => path.startsWith("/api/customer"))).toBe(false);
    const page = await t.app.inject({ method: "GET", url: "/api/customer/docs" });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toContain("urls.primaryName=Customer%20API");
  });
});
