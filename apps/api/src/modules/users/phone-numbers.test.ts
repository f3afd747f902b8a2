import { phoneNumberMessages } from "@visadesk/contract/phone-number";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendForm, uniqueTag } from "#test/builders";
import { createTestApp, type TestApp } from "#test/helpers";

// One phone rule (the contract's isPhoneNumber) for every account's phone, as for consultants'.
let t: TestApp;
let staff: { authorization: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

const NOT_PHONES = ["xyz", "12ab", "+", "12"];
const PHONES = ["+92 300 1234567", "0300-1234567", "(042) 111.222.333", "+1 555 0100 ext 12"];

let serial = 0;
function appUserFields(phone: string) {
  const tag = uniqueTag();
  serial += 1;
  // CNICs are unique: the serial and a random part keep this file's apart from the other files'.
  const cnicDigits = `${String(serial).padStart(3, "0")}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  return {
    UserName: `phone${tag}`,
    Email: `phone${tag}@example.com`,
    FirstName: "Ali",
    LastName: "Khan",
    PhoneNumber: phone,
    DateOfBirth: "1990-04-12",
    cnic: `35203-${cnicDigits}-${serial % 10}`,
    Address: "12 Mall Road, Lahore",
    Password: "app-user-password",
  };
}
const addAppUser = (phone: string) =>
  sendForm(t.app, { method: "POST", url: "/api/v2/User/adduser", headers: staff }, appUserFields(phone));

describe("app users' phone numbers", () => {
  it("adding one refuses a phone that is not one, beside the field, and takes the usual ways", async () => {
    for (const phone of NOT_PHONES) {
      const refused = await addAppUser(phone);
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ phoneNumber: phoneNumberMessages.phoneNumberInvalid });
    }
    for (const phone of PHONES) {
      const added = await addAppUser(phone);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().phoneNumber).toBe(phone);
    }
  });

  it("editing one refuses it too and keeps the stored number", async () => {
    const added = (await addAppUser("+92 300 7654321")).json();
    const edit = (phone: string) =>
      sendForm(
        t.app,
        { method: "PUT", url: `/api/v2/User/update-user?id=${added.guidId}`, headers: staff },
        { ...appUserFields(phone), UserName: added.userName, Email: added.email, GuidId: added.guidId },
      );
    const refused = await edit("call me");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ phoneNumber: phoneNumberMessages.phoneNumberInvalid });
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/v2/User/users/${added.guidId}`,
      headers: staff,
    });
    expect(stored.json().phoneNumber).toBe("+92 300 7654321");
  });
});

describe("internal accounts' phone numbers", () => {
  it("registering a staff account refuses a phone that is not one", async () => {
    const register = (phone: string) => {
      const tag = uniqueTag();
      return sendForm(
        t.app,
        { method: "POST", url: "/api/v2/connect/register", headers: {} },
        {
          UserName: `staff${tag}`,
          Email: `staff${tag}@example.com`,
          FirstName: "Sara",
          LastName: "Malik",
          PhoneNumber: phone,
          Password: "staff-password-1",
        },
      );
    };
    const refused = await register("xyz");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ PhoneNumber: phoneNumberMessages.phoneNumberInvalid });
    expect((await register("+92 321 7654321")).statusCode).toBe(201);
  });

  it("my profile refuses a phone that is not one and still takes none", async () => {
    const me = (await t.signIn("Staff")).headers;
    const profile = (phone: string) =>
      sendForm(
        t.app,
        { method: "PUT", url: "/api/v2/account/profile", headers: me },
        { FirstName: "Sara", LastName: "Malik", PhoneNumber: phone },
      );
    const refused = await profile("xyz");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ PhoneNumber: phoneNumberMessages.phoneNumberInvalid });
    expect((await profile("")).statusCode).toBe(200);
    expect((await profile("+92 300 1234567")).statusCode).toBe(200);
  });
});
