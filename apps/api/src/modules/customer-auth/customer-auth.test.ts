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

describe("signing up and proving the email", () => {
  it("creates an active app user with every field staff need, mails a code, and the code verifies the email", async () => {
    const body = signUpBody({ language: "ur", timeZone: "Europe/London" });
    const signUp = await post("auth/sign-up", body);
    expect(signUp.statusCode, signUp.body).toBe(202);
    expect(signUp.json().message).toBe(messages.signedUp);
    const stored = await t.db.kysely
      .selectFrom("users")
      .selectAll()
      .where("email", "=", body.email)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      role: "AppUser",
      status: "active",
      userName: body.userName,
      cnic: body.cnic,
      dateOfBirth: body.dateOfBirth,
      address: body.address,
      phoneNumber: body.phoneNumber,
      timeZone: "Europe/London",
      language: "ur",
      emailVerifiedAt: null,
    });
    expect(stored.passwordHash).not.toContain(body.password);

    const code = await codeMailedTo(t, body.email);
    const mail = t.mails.filter((sent) => sent.to === body.email).at(-1);
    expect(mail?.text).toContain(`/book/verify-email?email=${encodeURIComponent(body.email)}&code=${code}`);

    const pair = await signIn(t, body.email, body.password);
    expect(pair.customer.emailVerified).toBe(false);
    const verify = await post("auth/verify-email", { email: body.email, code });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().message).toBe(messages.emailVerified);
    const me = await get("me", bearer(pair.accessToken));
    expect(me.json()).toMatchObject({
      email: body.email,
      emailVerified: true,
      language: "ur",
      timeZone: "Europe/London",
      firstName: body.firstName,
    });
    // The history names the customer as the one who signed up.
    const created = await t.db.kysely
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", stored.guidId)
      .where("action", "=", "create")
      .executeTakeFirstOrThrow();
    expect(created.actorGuidId).toBe(stored.guidId);
    expect(created.changes).not.toContain(body.password);
    // A used code does not work twice.
    expect((await post("auth/verify-email", { email: body.email, code })).statusCode).toBe(400);
  });

  it("answers a taken email, username or CNIC exactly like a new account, creates nothing and tells the owner by mail", async () => {
    const first = signUpBody();
    expect((await post("auth/sign-up", first)).statusCode).toBe(202);
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const taken of [{ email: first.email }, { userName: first.userName }, { cnic: first.cnic }]) {
      const again = signUpBody(taken);
      const answer = await post("auth/sign-up", again);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: messages.signedUp });
      await vi.waitFor(() =>
        expect(t.mails.some((mail) => mail.to === again.email && /already exists/.test(mail.text))).toBe(
          true,
        ),
      );
    }
    expect(await count()).toBe(before);
  });

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
