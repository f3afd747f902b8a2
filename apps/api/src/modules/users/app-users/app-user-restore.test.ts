import { randomUUID } from "node:crypto";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

/** An Admin sees deleted app users (deleted=true) and restores them; a value taken meanwhile refuses it. */
let t: TestApp;
let admin: { authorization: string; cookie: string };
let staff: { authorization: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn("Admin")).headers;
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

let counter = 0;
function appUserFields(overrides: Record<string, string> = {}) {
  counter += 1;
  const n = `${counter}${randomUUID().slice(0, 6)}`;
  return {
    UserName: `zara${n}`,
    Email: `zara${n}@example.com`,
    FirstName: "Zara",
    LastName: "Malik",
    PhoneNumber: "+92 300 5555555",
    DateOfBirth: "1994-06-07",
    cnic: `35201-${String(2_000_000 + counter).slice(-7)}-${counter % 10}`,
    Address: "9 Canal View, Lahore",
    Password: "zara-password-long",
    ...overrides,
  };
}
type AppUserFields = ReturnType<typeof appUserFields>;
async function addAppUser(fields = appUserFields()) {
  const body = multipart(fields);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v2/User/adduser",
    payload: body.payload,
    headers: { ...staff, ...body.headers },
  });
  return response;
}
async function newAppUser(fields = appUserFields()) {
  const response = await addAppUser(fields);
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { guidId: string; email: string; cnic: string }), fields };
}
const remove = (guidId: string) =>
  t.app.inject({ method: "DELETE", url: `/api/v2/User/users/${guidId}`, headers: staff });
const restore = (guidId: string, as = admin) =>
  t.app.inject({ method: "POST", url: `/api/v2/User/users/${guidId}/restore`, headers: as });
const deletedList = (as = admin, search = "") =>
  t.app.inject({
    method: "GET",
    url: `/api/v2/User/users?deleted=true&page=1${search ? `&search=${encodeURIComponent(search)}` : ""}`,
    headers: as,
  });

describe("deleted app users", () => {
  it("deleted=true lists them for an Admin, and is refused to Staff", async () => {
    const user = await newAppUser();
    expect((await remove(user.guidId)).statusCode).toBe(200);
    const refused = await deletedList(staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only an Admin can see deleted app users");
    const list = await deletedList(admin, user.fields.UserName);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().data[0]).toMatchObject({ guidId: user.guidId, deletedAt: expect.any(String) });
    // Internal accounts are not app users: never in this list.
    const internal = await t.createAccount({ role: "Staff" });
    await t.db.kysely
      .updateTable("users")
      .set({ deletedAt: new Date().toISOString() })
      .where("id", "=", internal.id)
      .execute();
    const all = (await deletedList()).json().data.map((u: { guidId: string }) => u.guidId);
    expect(all).toContain(user.guidId);
    expect(all).not.toContain(internal.guidId);
    expect((await restore(internal.guidId)).statusCode).toBe(404);
  });

  it("restores an app user with its profile; its ended sessions are not restored", async () => {
    const user = await newAppUser();
    expect((await remove(user.guidId)).statusCode).toBe(200);
    expect((await restore(user.guidId, staff)).statusCode).toBe(403);
    const restored = await restore(user.guidId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      message: appUserMessages.restored,
      user: { guidId: user.guidId, email: user.fields.Email, cnic: user.fields.cnic, firstName: "Zara" },
      notRestored: [appUserMessages.sessionsNotRestored],
    });
    const got = await t.app.inject({
      method: "GET",
      url: `/api/v2/User/users/${user.guidId}`,
      headers: staff,
    });
    expect(got.statusCode).toBe(200);
    expect((await deletedList(admin, user.fields.UserName)).json().total).toBe(0);
  });

  it("answers 409 for an app user that is not deleted, 404 for an unknown one", async () => {
    const user = await newAppUser();
    const response = await restore(user.guidId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(appUserMessages.notDeleted);
    expect((await restore(randomUUID())).statusCode).toBe(404);
  });

  it.each([
    ["email", (fields: AppUserFields) => ({ Email: fields.Email.toUpperCase() })],
    ["cnic", (fields: AppUserFields) => ({ cnic: fields.cnic })],
    ["userName", (fields: AppUserFields) => ({ UserName: fields.UserName })],
  ] as const)(
    "answers 409 naming %s when another account took it meanwhile, and restores nothing",
    async (field, taken) => {
      const user = await newAppUser();
      expect((await remove(user.guidId)).statusCode).toBe(200);
      // The delete freed the value; someone else now has it.
      await newAppUser(appUserFields(taken(user.fields)));
      const response = await restore(user.guidId);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(appUserMessages.restoreTaken(field));
      expect(response.json().fieldErrors).toEqual({ [field]: appUserMessages.restoreTaken(field) });
      // Still deleted, exactly as before.
      expect(
        (await t.app.inject({ method: "GET", url: `/api/v2/User/users/${user.guidId}`, headers: staff }))
          .statusCode,
      ).toBe(404);
      expect(
        (await deletedList(admin, user.fields.UserName)).json().data.map((u: { guidId: string }) => u.guidId),
      ).toContain(user.guidId);
    },
  );
});
