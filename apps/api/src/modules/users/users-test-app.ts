import { afterAll, beforeAll } from "vitest";
import { PNG_1PX } from "#test/fixtures";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

/**
 * What the app user tests share: one app per file with an Admin and a Staff member signed in (`useUsersApp`,
 * called by each file so that its hooks are its own), the Add App User form's fields and the calls that send
 * it. `t`, `admin` and `staff` are the current file's.
 */
export let t: TestApp;
export let admin: { authorization: string };
export let staff: { authorization: string };

/** Starts the file's app before its tests and closes it after them. */
export function useUsersApp() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn("Admin")).headers;
    staff = (await t.signIn("Staff")).headers;
  });
  afterAll(() => t.close());
}

let counter = 0;
/** The multipart fields of the Add App User form, unique per call. */
export function appUserFields(overrides: Record<string, string | undefined> = {}) {
  counter += 1;
  const n = `${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    UserName: `ali${n}`,
    Email: `ali${n}@example.com`,
    FirstName: "Ali",
    LastName: `Khan${n}`,
    PhoneNumber: `+92 300 ${String(1000000 + counter)}`,
    DateOfBirth: "1990-04-12",
    cnic: `35202-${String(1000000 + counter).padStart(7, "0")}-${counter % 10}`,
    Address: "12 Mall Road, Lahore",
    Password: "app-user-password",
    ...overrides,
  };
}
export const png = (fileName = "picture.png") => ({ fileName, content: PNG_1PX, contentType: "image/png" });

/** Builds the multipart body once, so the boundary of the header matches the payload. */
export function inject(
  method: "POST" | "PUT",
  url: string,
  body: ReturnType<typeof multipart>,
  headers = staff,
) {
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...headers } });
}
export const add = (
  fields: Record<string, string | undefined>,
  files: Parameters<typeof multipart>[1] = {},
) => inject("POST", "/api/v2/User/adduser", multipart(fields, files));
export const update = (
  id: string,
  fields: Record<string, string | undefined>,
  files: Parameters<typeof multipart>[1] = {},
) => inject("PUT", `/api/v2/User/update-user?id=${id}`, multipart(fields, files));
export const get = (url: string, headers = staff) => t.app.inject({ method: "GET", url, headers });
export const signInAs = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/v2/connect/verify-login", payload: { email, password } });
export const storedHash = async (guidId: string) =>
  (
    await t.db.kysely
      .selectFrom("users")
      .select("passwordHash")
      .where("guidId", "=", guidId)
      .executeTakeFirstOrThrow()
  ).passwordHash;
