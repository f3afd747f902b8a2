import { appUserValidationMessages } from "@visadesk/contract/app-user-validation";
import { authMessages } from "@visadesk/contract/auth-constants";
import { PAGE_SIZE, serverMessages } from "@visadesk/contract/common-constants";
import { schedulingMessages } from "@visadesk/contract/scheduling";
import { approvalMessages, appUserMessages } from "@visadesk/contract/users-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentWindow } from "#api/lib/schedule";
import { historyOf } from "#test/builders";
import { GIF_1PX, JPEG_1PX, OVERSIZED_PNG, PNG_1PX, TEXT_AS_PNG } from "#test/fixtures";
import { countFiles, createTestApp, multipart, type TestApp } from "#test/helpers";

let t: TestApp;
let admin: { authorization: string };
let staff: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn("Admin")).headers;
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

let counter = 0;
/** The multipart fields of the Add App User form, unique per call. */
function appUserFields(overrides: Record<string, string | undefined> = {}) {
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
const png = (fileName = "picture.png") => ({ fileName, content: PNG_1PX, contentType: "image/png" });

/** Builds the multipart body once, so the boundary of the header matches the payload. */
function inject(method: "POST" | "PUT", url: string, body: ReturnType<typeof multipart>, headers = staff) {
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...headers } });
}
const add = (fields: Record<string, string | undefined>, files: Parameters<typeof multipart>[1] = {}) =>
  inject("POST", "/api/v2/User/adduser", multipart(fields, files));
const update = (
  id: string,
  fields: Record<string, string | undefined>,
  files: Parameters<typeof multipart>[1] = {},
) => inject("PUT", `/api/v2/User/update-user?id=${id}`, multipart(fields, files));
const get = (url: string, headers = staff) => t.app.inject({ method: "GET", url, headers });
const signInAs = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/v2/connect/verify-login", payload: { email, password } });
const storedHash = async (guidId: string) =>
  (
    await t.db.kysely
      .selectFrom("users")
      .select("passwordHash")
      .where("guidId", "=", guidId)
      .executeTakeFirstOrThrow()
  ).passwordHash;

describe("POST /api/v2/User/adduser", () => {
  it("creates an app user with its three images; the answer never holds the password", async () => {
    const fields = appUserFields();
    const response = await add(fields, {
      ProfilePic: png(),
      cnicFront: { fileName: "front.jpg", content: JPEG_1PX, contentType: "image/jpeg" },
      cnicBack: { fileName: "back.gif", content: GIF_1PX, contentType: "image/gif" },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      userName: fields.UserName,
      email: fields.Email,
      firstName: "Ali",
      lastName: fields.LastName,
      phoneNumber: fields.PhoneNumber,
      dateOfBirth: "1990-04-12",
      cnic: fields.cnic,
      address: "12 Mall Road, Lahore",
      userRoles: { roles: ["AppUser"] },
      status: "active",
    });
    expect(user.guidId).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.profilePic).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    expect(user.cnicFront).toMatch(/^\/api\/v2\/files\/[0-9a-f-]{36}\.webp$/);
    expect(user.cnicBack).toMatch(/^\/api\/v2\/files\/[0-9a-f-]{36}\.webp$/);
    expect(JSON.stringify(user)).not.toContain("password");
    // Stored as an argon2id hash, never in plain text.
    expect(await storedHash(user.guidId)).toMatch(/^\$argon2id\$/);

    const picture = await t.app.inject({ method: "GET", url: user.profilePic });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
  });

  it("serves CNIC images only to a signed-in back-office user", async () => {
    const created = (await add(appUserFields(), { cnicFront: png(), cnicBack: png() })).json();
    for (const path of [created.cnicFront, created.cnicBack]) {
      const anonymous = await t.app.inject({ method: "GET", url: path });
      expect(anonymous.statusCode).toBe(401);
      // Not reachable under the public prefix either.
      const guessed = await t.app.inject({ method: "GET", url: path.replace("/api/v2/files/", "/files/") });
      expect(guessed.statusCode).toBe(404);
      const signedIn = await t.app.inject({ method: "GET", url: path, headers: staff });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers["cache-control"]).toContain("no-store");
    }
  });

  it("answers 400 with every required field's message", async () => {
    const response = await add({});
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      userName: appUserValidationMessages.userName,
      email: appUserValidationMessages.email,
      firstName: appUserValidationMessages.firstName,
      lastName: appUserValidationMessages.lastName,
      phoneNumber: appUserValidationMessages.phoneNumber,
      dateOfBirth: appUserValidationMessages.dateOfBirth,
      cnic: appUserValidationMessages.cnic,
      address: appUserValidationMessages.address,
      password: appUserValidationMessages.password,
    });
    expect(response.json().fieldErrors).toMatchObject({
      userName: "Username is required",
      email: "Email is required",
      firstName: "First name is required",
      lastName: "Last name is required",
      phoneNumber: "Phone number is required",
      dateOfBirth: "Date of birth is required",
      cnic: "CNIC Number is required",
      address: "Address is required",
      password: "Password is required",
    });
  });

  it("treats blank text as missing", async () => {
    const response = await add(appUserFields({ FirstName: "   ", Address: " " }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      firstName: "First name is required",
      address: "Address is required",
    });
  });

  it("checks the email and CNIC formats and the date of birth", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ Email: "not-an-email" }, "email", "Invalid email address"],
      [{ Email: "a@b" }, "email", "Invalid email address"],
      [{ cnic: "3520212345671" }, "cnic", "CNIC must be in format: 12345-1234567-1"],
      [{ cnic: "35202-123456-1" }, "cnic", "CNIC must be in format: 12345-1234567-1"],
      [{ cnic: "35202-1234567-12" }, "cnic", "CNIC must be in format: 12345-1234567-1"],
      [{ DateOfBirth: "12/04/1990" }, "dateOfBirth", appUserValidationMessages.dateOfBirthInvalid],
      [{ DateOfBirth: "2999-01-01" }, "dateOfBirth", appUserValidationMessages.dateOfBirthFuture],
      [{ Password: "short" }, "password", authMessages.passwordTooShort],
    ];
    for (const [override, field, message] of cases) {
      const response = await add(appUserFields(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: message });
    }
  });

  it("accepts an email in capitals (the check is case-insensitive)", async () => {
    const fields = appUserFields();
    const response = await add({ ...fields, Email: fields.Email.toUpperCase() });
    expect(response.statusCode).toBe(201);
  });

  it("answers 409 naming the field for a taken username, email (any case) or CNIC", async () => {
    const first = appUserFields();
    expect((await add(first)).statusCode).toBe(201);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ UserName: first.UserName.toUpperCase() }, "userName", authMessages.userNameTaken],
      [{ Email: first.Email.toUpperCase() }, "email", authMessages.emailTaken],
      [{ cnic: first.cnic }, "cnic", appUserMessages.cnicTaken],
    ];
    for (const [override, field, message] of cases) {
      const response = await add(appUserFields(override));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message,
        code: expect.stringMatching(/^[a-z][a-z0-9_]*$/),
        fieldErrors: { [field]: message },
      });
    }
    // Taken by an internal account counts too: usernames and emails are unique across all accounts.
    const internal = await t.createAccount({ role: "Staff" });
    expect((await add(appUserFields({ Email: internal.email }))).statusCode).toBe(409);
  });

  it("keeps no uploaded image when the add is refused with 409", async () => {
    const first = appUserFields();
    expect((await add(first)).statusCode).toBe(201);
    const before = await countFiles(t);
    const images = { ProfilePic: png(), cnicFront: png("front.png"), cnicBack: png("back.png") };
    const response = await add(appUserFields({ Email: first.Email }), images);
    expect(response.statusCode).toBe(409);
    expect(await countFiles(t)).toBe(before);
  });

  it("refuses files that are not images (415) and images over 5 MB (413)", async () => {
    const notImage = await add(appUserFields(), {
      cnicFront: { fileName: "front.png", content: TEXT_AS_PNG, contentType: "image/png" },
    });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe(serverMessages.fileTypeImage);
    const tooLarge = await add(appUserFields(), {
      ProfilePic: { fileName: "big.png", content: OVERSIZED_PNG, contentType: "image/png" },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(serverMessages.fileTooLarge);
  });
});

describe("GET /api/v2/User/users", () => {
  it("answers every listed user as an array without page parameters, AppUser tokens get 403", async () => {
    const created = (await add(appUserFields())).json();
    const response = await get("/api/v2/User/users");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((u: { guidId: string }) => u.guidId === created.guidId)).toMatchObject({
      userRoles: { roles: ["AppUser"] },
    });
    expect(list.some((u: { userRoles: { roles: string[] } }) => u.userRoles.roles.includes("Admin"))).toBe(
      true,
    );
    expect(JSON.stringify(list)).not.toContain("passwordHash");
    expect((await t.app.inject({ method: "GET", url: "/api/v2/User/users" })).statusCode).toBe(401);
  });

  it("answers one page plus total, newest first, filtered by role and searched by each field", async () => {
    const local = await createTestApp();
    try {
      const headers = (await local.signIn("Staff")).headers;
      const created: Array<Record<string, string>> = [];
      for (let i = 0; i < PAGE_SIZE + 2; i += 1) {
        const fields = appUserFields({ FirstName: i === 3 ? "Zubair" : "Ali" });
        const body = multipart(fields);
        const response = await local.app.inject({
          method: "POST",
          url: "/api/v2/User/adduser",
          payload: body.payload,
          headers: { ...body.headers, ...headers },
        });
        expect(response.statusCode).toBe(201);
        created.push({ ...fields, guidId: response.json().guidId });
      }
      const pageOf = async (query: string) => {
        const response = await local.app.inject({
          method: "GET",
          url: `/api/v2/User/users?${query}`,
          headers,
        });
        expect(response.statusCode).toBe(200);
        return response.json() as {
          data: Array<{ guidId: string; userRoles: { roles: string[] } }>;
          total: number;
        };
      };
      const first = await pageOf(`role=AppUser&page=1&pageSize=${PAGE_SIZE}`);
      expect(first.total).toBe(PAGE_SIZE + 2);
      expect(first.data).toHaveLength(PAGE_SIZE);
      expect(first.data[0]?.guidId).toBe(created.at(-1)?.guidId);
      const second = await pageOf(`role=AppUser&page=2&pageSize=${PAGE_SIZE}`);
      expect(second.data.map((u) => u.guidId)).toEqual([created[1]?.guidId, created[0]?.guidId]);

      const internal = await pageOf("role=internal&page=1");
      expect(internal.total).toBe(1);
      expect(internal.data[0]?.userRoles.roles).toEqual(["Staff"]);

      const target = created[3] as Record<string, string>;
      for (const term of [
        target.UserName,
        target.Email?.toUpperCase(),
        "zubair",
        target.LastName,
        target.PhoneNumber?.slice(-7),
      ]) {
        const found = await pageOf(`role=AppUser&page=1&search=${encodeURIComponent(term ?? "")}`);
        expect(
          found.data.map((u) => u.guidId),
          term,
        ).toEqual([target.guidId]);
        expect(found.total).toBe(1);
      }
      const none = await pageOf("role=AppUser&page=1&search=nobody-matches-this");
      expect(none).toEqual({ data: [], total: 0 });
    } finally {
      await local.close();
    }
  });

  it("lists pending registrations among internal users, and hides rejected ones", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const rejected = await t.createAccount({ role: "Staff", status: "rejected" });
    const list = (await get("/api/v2/User/users?role=internal&page=1&pageSize=100")).json();
    const guids = list.data.map((u: { guidId: string }) => u.guidId);
    expect(guids).toContain(pending.guidId);
    expect(guids).not.toContain(rejected.guidId);
    expect(list.data.find((u: { guidId: string }) => u.guidId === pending.guidId).status).toBe("pending");
  });

  it("answers 400 for a page size over the maximum", async () => {
    expect((await get("/api/v2/User/users?page=1&pageSize=1000")).statusCode).toBe(400);
  });
});

describe("GET /api/v2/User/users/{id}", () => {
  it("answers one user by guidId, 404 for an unknown one", async () => {
    const created = (await add(appUserFields())).json();
    const response = await get(`/api/v2/User/users/${created.guidId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, noShowCount: 0 });
    const unknown = await get("/api/v2/User/users/00000000-0000-0000-0000-000000000000");
    expect(unknown.statusCode).toBe(404);
  });
});

describe("PUT /api/v2/User/update-user?id={id}", () => {
  it("updates the fields and replaces only the images sent", async () => {
    const created = (
      await add(appUserFields(), { ProfilePic: png(), cnicFront: png(), cnicBack: png() })
    ).json();
    const fields = appUserFields({ FirstName: "Sara", Address: "5 Canal View" });
    const response = await update(
      created.guidId,
      { ...fields, GuidId: created.guidId, Password: "" },
      {
        cnicBack: { fileName: "back.jpg", content: JPEG_1PX, contentType: "image/jpeg" },
      },
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      guidId: created.guidId,
      userName: fields.UserName,
      email: fields.Email,
      firstName: "Sara",
      address: "5 Canal View",
      cnic: fields.cnic,
      profilePic: created.profilePic,
      cnicFront: created.cnicFront,
    });
    expect(updated.cnicBack).not.toBe(created.cnicBack);
    expect(updated.cnicBack).toMatch(/^\/api\/v2\/files\/.+\.webp$/);
  });

  it("never changes the stored password from the edit form's Password; only a deliberate NewPassword does", async () => {
    const fields = appUserFields();
    const created = (await add(fields)).json();
    const before = await storedHash(created.guidId);
    for (const Password of ["", "something-else-typed", fields.Password]) {
      expect((await update(created.guidId, { ...fields, Password })).statusCode).toBe(200);
      expect(await storedHash(created.guidId)).toBe(before);
    }
    const short = await update(created.guidId, { ...fields, NewPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: authMessages.passwordTooShort });
    expect((await update(created.guidId, { ...fields, NewPassword: "a-new-password" })).statusCode).toBe(200);
    const after = await storedHash(created.guidId);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$argon2id\$/);
  });

  it("enforces the same rules as adding, without requiring a password", async () => {
    const created = (await add(appUserFields())).json();
    const response = await update(created.guidId, { Password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      userName: "Username is required",
      email: "Email is required",
      firstName: "First name is required",
      lastName: "Last name is required",
      phoneNumber: "Phone number is required",
      dateOfBirth: "Date of birth is required",
      cnic: "CNIC Number is required",
      address: "Address is required",
    });
    const badCnic = await update(created.guidId, appUserFields({ cnic: "1234" }));
    expect(badCnic.json().fieldErrors).toEqual({ cnic: "CNIC must be in format: 12345-1234567-1" });
  });

  it("answers 409 when the new username, email or CNIC belongs to another account", async () => {
    const other = appUserFields();
    expect((await add(other)).statusCode).toBe(201);
    const created = (await add(appUserFields())).json();
    const response = await update(created.guidId, appUserFields({ Email: other.Email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors).toEqual({ email: authMessages.emailTaken });
    const cnic = await update(created.guidId, appUserFields({ cnic: other.cnic }));
    expect(cnic.statusCode).toBe(409);
    expect(cnic.json().fieldErrors).toEqual({ cnic: appUserMessages.cnicTaken });
  });

  it("keeps no uploaded image when the edit is refused with 409", async () => {
    const other = appUserFields();
    expect((await add(other)).statusCode).toBe(201);
    const created = (await add(appUserFields())).json();
    const before = await countFiles(t);
    const response = await update(created.guidId, appUserFields({ UserName: other.UserName }), {
      ProfilePic: png(),
      cnicFront: png("front.png"),
    });
    expect(response.statusCode).toBe(409);
    expect(await countFiles(t)).toBe(before);
  });

  it("answers 404 for an unknown user and 403 for an internal account (read-only)", async () => {
    const unknown = await update("00000000-0000-0000-0000-000000000000", appUserFields());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(appUserMessages.notFound);
    const internal = await t.createAccount({ role: "Admin" });
    expect((await update(internal.guidId, appUserFields())).statusCode).toBe(403);
  });
});

describe("DELETE /api/v2/User/users/{id}", () => {
  it("soft-deletes: the user leaves lists and counts, keeps its appointments, and its CNIC frees up", async () => {
    const fields = appUserFields();
    const created = (await add(fields)).json();
    const row = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("guidId", "=", created.guidId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const consultant = await t.db.kysely
      .insertInto("consultants")
      .values({
        guidId: crypto.randomUUID(),
        name: "Visa Pro",
        businessName: "Visa Pro Ltd",
        contactEmail: "pro@example.com",
        phoneNumber: "123",
        isApproved: true,
        isPremium: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto("appointments")
      .values({
        guidId: crypto.randomUUID(),
        userId: row.id,
        consultantId: consultant.id,
        appointmentDate: "2030-01-01",
        appointmentTime: "10:00:00",
        ...appointmentWindow("2030-01-01", "10:00", "Asia/Karachi"),
        description: "Study visa",
        isConfirmed: false,
        isCancelled: false,
        isPaid: false,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const statsBefore = (await get("/api/v2/Dashboard/stats")).json();

    // Its upcoming appointment needs a decision: kept.
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${created.guidId}?appointments=keep`,
      headers: staff,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'AppUser deleted; 1 upcoming appointment kept, flagged "customer removed"',
      cancelledAppointments: 0,
      keptAppointments: 1,
    });

    expect((await get(`/api/v2/User/users/${created.guidId}`)).statusCode).toBe(404);
    const list = (await get(`/api/v2/User/users?role=AppUser&page=1&search=${fields.UserName}`)).json();
    expect(list).toEqual({ data: [], total: 0 });
    expect((await get("/api/v2/Dashboard/stats")).json().appUsers).toBe(statsBefore.appUsers - 1);
    const kept = await t.db.kysely
      .selectFrom("appointments")
      .select("id")
      .where("userId", "=", row.id)
      .execute();
    expect(kept).toHaveLength(1);
    // The row is kept (deletedAt set), and its username, email and CNIC may be used again.
    const deleted = await t.db.kysely
      .selectFrom("users")
      .select("deletedAt")
      .where("guidId", "=", created.guidId)
      .executeTakeFirstOrThrow();
    expect(deleted.deletedAt).not.toBeNull();
    expect((await add(fields)).statusCode).toBe(201);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${created.guidId}`,
      headers: staff,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses to delete internal accounts", async () => {
    const internal = await t.createAccount({ role: "Staff" });
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${internal.guidId}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(403);
    expect((await signInAs(internal.email, internal.password)).statusCode).toBe(200);
  });
});

describe("approving registrations", () => {
  const decide = (guidId: string, decision: "approve" | "reject", headers = admin) =>
    t.app.inject({ method: "POST", url: `/api/v2/User/users/${guidId}/${decision}`, headers });

  it("an Admin approves a pending account, which can then sign in", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    expect((await signInAs(pending.email, pending.password)).json().message).toBe(
      authMessages.pendingApproval,
    );
    const response = await decide(pending.guidId, "approve");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: approvalMessages.approved, user: { status: "active" } });
    expect((await signInAs(pending.email, pending.password)).statusCode).toBe(200);
    expect(t.mails.at(-1)?.to).toBe(pending.email);
    const twice = await decide(pending.guidId, "approve");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(approvalMessages.notPending);
  });

  it("an Admin rejects a pending account: it is hidden and cannot sign in", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const response = await decide(pending.guidId, "reject");
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(approvalMessages.rejected);
    expect((await signInAs(pending.email, pending.password)).json().message).toBe(authMessages.rejected);
    expect((await get(`/api/v2/User/users/${pending.guidId}`)).statusCode).toBe(404);
  });

  it("Staff gets 403 and nothing changes", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    for (const decision of ["approve", "reject"] as const) {
      const response = await decide(pending.guidId, decision, staff);
      expect(response.statusCode).toBe(403);
    }
    expect((await get(`/api/v2/User/users/${pending.guidId}`)).json().status).toBe("pending");
  });

  it("an Admin re-opens a rejected registration: pending again, recorded, listed, and still no sign-in", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    expect((await decide(pending.guidId, "reject")).statusCode).toBe(200);
    const reopen = (headers = admin) =>
      t.app.inject({ method: "POST", url: `/api/v2/User/users/${pending.guidId}/reopen`, headers });
    expect((await reopen(staff)).statusCode).toBe(403);

    const response = await reopen();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: approvalMessages.reopened,
      user: { guidId: pending.guidId, status: "pending" },
    });
    const [row] = await historyOf(t.app, admin, "user", pending.guidId);
    expect(row).toMatchObject({ action: "reopen", changes: { status: { from: "rejected", to: "pending" } } });
    const listed = (await get(`/api/v2/User/users?role=internal&page=1&search=${pending.userName}`)).json();
    expect(listed).toMatchObject({ total: 1, data: [{ guidId: pending.guidId, status: "pending" }] });
    expect((await signInAs(pending.email, pending.password)).json().message).toBe(
      authMessages.pendingApproval,
    );

    const again = await reopen();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(approvalMessages.notRejected);
    // Decided once more, as any pending registration.
    expect((await decide(pending.guidId, "approve")).statusCode).toBe(200);
    expect((await signInAs(pending.email, pending.password)).statusCode).toBe(200);
  });
});

describe("roles", () => {
  it("every user endpoint refuses a request without a token (401)", async () => {
    const calls = [
      { method: "GET", url: "/api/v2/User/users" },
      { method: "GET", url: "/api/v2/User/users/x" },
      { method: "POST", url: "/api/v2/User/adduser" },
      { method: "PUT", url: "/api/v2/User/update-user?id=x" },
      { method: "DELETE", url: "/api/v2/User/users/x" },
      { method: "POST", url: "/api/v2/User/users/x/approve" },
      { method: "POST", url: "/api/v2/User/users/x/reject" },
    ] as const;
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
  });

  it("an AppUser's session gets 403 on every user endpoint", async () => {
    // AppUsers cannot sign in to the back-office; a session made for one directly must still be refused.
    const appUser = await t.createAccount({ role: "AppUser" });
    const { headers } = await t.sessionFor(appUser);
    expect((await get("/api/v2/User/users", headers)).statusCode).toBe(403);
    expect((await get(`/api/v2/User/users/${appUser.guidId}`, headers)).statusCode).toBe(403);
    expect(
      (await inject("POST", "/api/v2/User/adduser", multipart(appUserFields()), headers)).statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${appUser.guidId}`,
      headers,
    });
    expect(removed.statusCode).toBe(403);
  });
});

describe("an app user's time zone", () => {
  it("is none by default, taken from TimeZone, kept by an update without it, and refused when unknown", async () => {
    const plain = await add(appUserFields());
    expect(plain.statusCode).toBe(201);
    expect(plain.json().timeZone).toBe(null);

    const fields = appUserFields({ TimeZone: "Europe/London" });
    const london = await add(fields);
    expect(london.statusCode).toBe(201);
    expect(london.json().timeZone).toBe("Europe/London");
    const kept = await update(london.json().guidId, {
      ...fields,
      TimeZone: undefined,
      Address: "1 Baker Street, London",
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ address: "1 Baker Street, London", timeZone: "Europe/London" });

    const unknown = await add(appUserFields({ TimeZone: "Atlantis/Capital" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ timeZone: schedulingMessages.timeZoneInvalid });
  });
});
