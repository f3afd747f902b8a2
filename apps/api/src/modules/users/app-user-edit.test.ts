import { authMessages } from "@visadesk/contract/auth-constants";
import { schedulingMessages } from "@visadesk/contract/scheduling";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { describe, expect, it } from "vitest";
import { JPEG_1PX } from "#test/fixtures";
import { countFiles } from "#test/helpers";
import { add, appUserFields, png, storedHash, t, update, useUsersApp } from "./users-test-app";

/** Editing an app user (PUT /api/v2/User/update-user) and an app user's time zone. */
useUsersApp();

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
