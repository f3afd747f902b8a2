import { authMessages } from "@visadesk/contract/auth-constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

let t: TestApp;
let staff: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

let counter = 0;
const unique = () => {
  counter += 1;
  return `${counter}${Math.random().toString(36).slice(2, 6)}`;
};
const registration = (Password: string) => {
  const n = unique();
  return {
    UserName: `pw${n}`,
    Email: `pw${n}@example.com`,
    FirstName: "Pass",
    LastName: "Word",
    PhoneNumber: "+92 300 1234567",
    Password,
  };
};
const appUser = (fields: Record<string, string>) => {
  const n = unique();
  return {
    UserName: `app${n}`,
    Email: `app${n}@example.com`,
    FirstName: "Ali",
    LastName: "Khan",
    PhoneNumber: "+92 300 7654321",
    DateOfBirth: "1990-04-12",
    cnic: `35202-${String(1000000 + counter).padStart(7, "0")}-${counter % 10}`,
    Address: "12 Mall Road, Lahore",
    Password: "an-uncommon-app-password",
    ...fields,
  };
};
const send = (method: "POST" | "PUT", url: string, fields: Record<string, string>, headers = {}) => {
  const body = multipart(fields);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const register = (Password: string) => send("POST", "/api/v2/connect/register", registration(Password));
const accountCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );
const TOO_LONG = "a-long-passphrase-".repeat(8).slice(0, 129);

describe("the password policy, wherever a password is set", () => {
  it("stores argon2id hashes with at least 19 MiB of memory and 2 passes", async () => {
    const response = await register("a-registered-passphrase");
    expect(response.statusCode).toBe(201);
    const { passwordHash } = await t.db.kysely
      .selectFrom("users")
      .select("passwordHash")
      .where("guidId", "=", response.json().user.guidId)
      .executeTakeFirstOrThrow();
    const parameters = /^\$argon2id\$v=19\$([^$]+)\$/.exec(passwordHash)?.[1] ?? "";
    const value = (name: string) => Number(new RegExp(`(?:^|,)${name}=(\\d+)`).exec(parameters)?.[1]);
    expect(passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(value("m")).toBeGreaterThanOrEqual(19 * 1024);
    expect(value("t")).toBeGreaterThanOrEqual(2);
    expect({ m: value("m"), t: value("t"), p: value("p") }).toEqual({ m: 65536, t: 3, p: 4 });
  });

  it("registration refuses a common or over-long password with the field's message and writes nothing", async () => {
    const before = await accountCount();
    for (const [password, message] of [
      ["password123", authMessages.passwordTooCommon],
      ["Sunshine1", authMessages.passwordTooCommon],
      [TOO_LONG, authMessages.passwordTooLong],
      ["seven77", authMessages.passwordTooShort],
    ] as const) {
      const response = await register(password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({ message, fieldErrors: { Password: message } });
    }
    expect(await accountCount()).toBe(before);
  });

  it("accepts 128 characters and signs in with them; no composition rule applies", async () => {
    const longest = "correct horse battery staple ".repeat(5).slice(0, 128);
    for (const password of [longest, "all lowercase words"]) {
      const fields = registration(password);
      expect((await send("POST", "/api/v2/connect/register", fields)).statusCode).toBe(201);
      // Pending approval (403), not a wrong password (401): the whole password was kept.
      const signIn = await t.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: fields.Email, password },
      });
      expect(signIn.json().message).toBe(authMessages.pendingApproval);
    }
  });

  it("password reset refuses a common password and keeps the link usable", async () => {
    const account = await t.createAccount();
    const before = t.mails.length;
    await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: account.email },
    });
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    const token = /token=([\w-]+)/.exec(t.mails.at(-1)?.text ?? "")?.[1] ?? "";
    const reset = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/v2/connect/reset-password", payload: { token, password } });
    const common = await reset("qwerty123");
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ fieldErrors: { password: authMessages.passwordTooCommon } });
    expect((await reset(TOO_LONG)).json().fieldErrors).toEqual({ password: authMessages.passwordTooLong });
    expect((await reset("a-fresh-uncommon-passphrase")).statusCode).toBe(200);
  });

  it("an app user's Password on create and NewPassword on update follow it too", async () => {
    const common = await send("POST", "/api/v2/User/adduser", appUser({ Password: "iloveyou" }), staff);
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors).toEqual({ password: authMessages.passwordTooCommon });
    const long = await send("POST", "/api/v2/User/adduser", appUser({ Password: TOO_LONG }), staff);
    expect(long.json().fieldErrors).toEqual({ password: authMessages.passwordTooLong });

    const fields = appUser({});
    const created = await send("POST", "/api/v2/User/adduser", fields, staff);
    expect(created.statusCode).toBe(201);
    const url = `/api/v2/User/update-user?id=${created.json().guidId}`;
    const update = await send(
      "PUT",
      url,
      { ...fields, GuidId: created.json().guidId, NewPassword: "letmein1" },
      staff,
    );
    expect(update.statusCode).toBe(400);
    expect(update.json().fieldErrors).toEqual({ newPassword: authMessages.passwordTooCommon });
    // The edit form's disabled Password is still ignored, whatever it holds.
    const ignored = await send(
      "PUT",
      url,
      { ...fields, GuidId: created.json().guidId, Password: "123456" },
      staff,
    );
    expect(ignored.statusCode).toBe(200);
  });
});
