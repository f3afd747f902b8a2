import { appUserValidationMessages } from "@visadesk/contract/app-user-validation";
import { authMessages } from "@visadesk/contract/auth-constants";
import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, CUSTOMER_API, quickCustomer, signIn } from "../../../test/customers";
import { PNG_1PX } from "../../../test/fixtures";
import { createTestApp, multipart, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: "POST" | "PUT" | "PATCH" | "GET", path: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url: `${CUSTOMER_API}/${path}`, headers, ...(payload ? { payload } : {}) });

describe("my account", () => {
  it("sends my CNIC and both sides of the card: stored private, pending staff's check, a taken number taken as a conflict for staff", async () => {
    const customer = await quickCustomer(t);
    const send = (
      headers: Record<string, string>,
      fields: Record<string, string>,
      files: Parameters<typeof multipart>[1],
    ) => {
      const body = multipart(fields, files);
      return t.app.inject({
        method: "PUT",
        url: `${CUSTOMER_API}/me/cnic`,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
    };
    const image = { fileName: "card.png", contentType: "image/png", content: PNG_1PX };
    const missing = await send(customer.headers, { cnic: "35202-1234567-1" }, { cnicFront: image });
    expect(missing.statusCode).toBe(400);
    // The side that is missing is named.
    expect(missing.json().fieldErrors).toEqual({ cnicBack: messages.cnicImagesRequired });
    const badNumber = await send(customer.headers, { cnic: "123" }, { cnicFront: image, cnicBack: image });
    expect(badNumber.json().fieldErrors.cnic).toBe(appUserValidationMessages.cnicFormat);

    const cnic = `35202-${String(Date.now()).slice(-7)}-3`;
    const sent = await send(customer.headers, { cnic }, { cnicFront: image, cnicBack: image });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(messages.cnicSent);
    const me = (await call("GET", "me", undefined, customer.headers)).json();
    expect(me.cnicVerification).toBe("pending");
    const row = await t.db.kysely
      .selectFrom("users")
      .select(["cnic", "cnicFront", "cnicBack"])
      .where("email", "=", customer.email)
      .executeTakeFirstOrThrow();
    expect(row.cnic).toBe(cnic);
    // Private: not served to anyone who is not signed in to the back-office.
    for (const path of [row.cnicFront, row.cnicBack]) {
      expect(path).toMatch(/^\/api\/v2\/files\//);
      expect(
        (await t.app.inject({ method: "GET", url: String(path), headers: customer.headers })).statusCode,
      ).toBe(401);
    }
    // Another customer sending the same number is answered the same (nothing says it is registered); staff
    // find it under the CNIC check's Conflict, and the customer sees it pending.
    const other = await quickCustomer(t);
    const taken = await send(other.headers, { cnic }, { cnicFront: image, cnicBack: image });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual(sent.json());
    expect((await call("GET", "me", undefined, other.headers)).json().cnicVerification).toBe("pending");
    const stored = await t.db.kysely
      .selectFrom("users")
      .select(["cnic", "cnicVerification"])
      .where("email", "=", other.email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ cnic, cnicVerification: "conflict" });
    // The holder sending their own number again stays pending.
    const again = await send(customer.headers, { cnic }, { cnicFront: image, cnicBack: image });
    expect(again.statusCode).toBe(200);
    expect((await call("GET", "me", undefined, customer.headers)).json().cnicVerification).toBe("pending");
  });

  it("changes my names, phone, zone and language; what I leave out stays, and the history names me", async () => {
    const customer = await quickCustomer(t);
    const before = (await call("GET", "me", undefined, customer.headers)).json();
    const answer = await call(
      "PATCH",
      "me",
      { firstName: "Zara", timeZone: "America/New_York", language: "ur" },
      customer.headers,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      firstName: "Zara",
      lastName: before.lastName,
      phoneNumber: before.phoneNumber,
      timeZone: "America/New_York",
      language: "ur",
    });
    const bad = await call(
      "PATCH",
      "me",
      { phoneNumber: "call me", timeZone: "Mars/Base" },
      customer.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(["phoneNumber", "timeZone"]);
    const history = await t.db.kysely
      .selectFrom("auditLog")
      .select(["actorGuidId", "changes"])
      .where("entityId", "=", before.guidId)
      .where("action", "=", "update")
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]?.actorGuidId).toBe(before.guidId);
    expect(JSON.parse(history[0]?.changes ?? "{}")).toMatchObject({
      firstName: { to: "Zara" },
      language: { to: "ur" },
    });
  });

  it("changes my password with the current one; my other devices are signed out, this one stays", async () => {
    const customer = await quickCustomer(t, "Phone");
    const tablet = await signIn(t, customer.email, customer.password, "Tablet");
    const wrong = await call(
      "PUT",
      "me/password",
      { currentPassword: "not-it-at-all", newPassword: "a-brand-new-password" },
      customer.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: messages.currentPasswordWrong });
    const changed = await call(
      "PUT",
      "me/password",
      { currentPassword: customer.password, newPassword: "a-brand-new-password" },
      customer.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call("GET", "me", undefined, customer.headers)).statusCode).toBe(200);
    expect((await call("GET", "me", undefined, bearer(tablet.accessToken))).statusCode).toBe(401);
    expect((await call("POST", "auth/refresh", { refreshToken: tablet.refreshToken })).statusCode).toBe(401);
    await signIn(t, customer.email, "a-brand-new-password");
  });

  it("a forgotten password: the same answer for any address, a link by mail, and the reset signs every device out", async () => {
    const customer = await quickCustomer(t);
    const unknown = await call("POST", "auth/forgot-password", { email: "nobody-here@example.com" });
    const known = await call("POST", "auth/forgot-password", { email: customer.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(authMessages.resetRequested);
    let token = "";
    await vi.waitFor(() => {
      const mail = t.mails.filter((sent) => sent.to === customer.email).at(-1);
      token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
      expect(token).not.toBe("");
    });
    const reset = await call("POST", "auth/reset-password", { token, password: "chosen-after-reset" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(messages.passwordReset);
    expect((await call("GET", "me", undefined, customer.headers)).statusCode).toBe(401);
    await signIn(t, customer.email, "chosen-after-reset");
    // A link works once.
    expect(
      (await call("POST", "auth/reset-password", { token, password: "chosen-again-later" })).statusCode,
    ).toBe(400);
  });
});
