import { appUserValidationMessages } from "@visadesk/contract/app-user-validation";
import { authMessages } from "@visadesk/contract/auth-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { describe, expect, it } from "vitest";
import { GIF_1PX, JPEG_1PX, OVERSIZED_PNG, TEXT_AS_PNG } from "#test/fixtures";
import { countFiles } from "#test/helpers";
import { add, appUserFields, png, staff, storedHash, t, useUsersApp } from "./users-test-app";

/** Adding an app user (POST /api/v2/User/adduser): its fields, images and refusals. */
useUsersApp();

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
