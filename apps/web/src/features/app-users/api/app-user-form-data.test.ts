import type { AppUserForm } from "@visadesk/contract/users";
import { describe, expect, it } from "vitest";
import { formDataOf } from "@/lib/api-client";
import { addForm, updateForm } from "./app-user-form-data";
import { appUserListQuery } from "./get-app-users";

const form: AppUserForm = {
  userName: "ali.raza",
  email: "ali@example.com",
  firstName: "Ali",
  lastName: "Raza",
  phoneNumber: "+92 300 1234567",
  dateOfBirth: "1990-04-12",
  cnic: "35202-1234567-1",
  address: "12 Mall Road, Lahore",
  timeZone: "",
  password: "app-user-password",
  confirmPassword: "app-user-password",
};
const picture = new File(["png"], "me.png", { type: "image/png" });
const names = (data: FormData) => [...data.keys()].sort();

describe("the app user forms' multipart bodies", () => {
  it("add sends the spec's fields, Password and the images chosen", () => {
    const data = formDataOf(addForm(form, { profilePic: picture, cnicFront: null, cnicBack: null }));
    expect(names(data)).toEqual(
      [
        "UserName",
        "Email",
        "FirstName",
        "LastName",
        "PhoneNumber",
        "DateOfBirth",
        "cnic",
        "Address",
        "TimeZone",
        "Password",
        "ProfilePic",
      ].sort(),
    );
    expect(data.get("UserName")).toBe("ali.raza");
    expect(data.get("TimeZone")).toBe("");
    expect((data.get("ProfilePic") as File).name).toBe("me.png");
  });

  it("edit sends GuidId, the disabled Password and the version it loaded", () => {
    const data = formDataOf(
      updateForm("4f0c6d2e", form, { profilePic: null, cnicFront: picture, cnicBack: null }, 3),
    );
    expect(data.get("GuidId")).toBe("4f0c6d2e");
    expect(data.get("Password")).toBe("app-user-password");
    expect(data.get("version")).toBe("3");
    expect(data.has("NewPassword")).toBe(false);
    expect(data.has("ProfilePic")).toBe(false);
    expect((data.get("cnicFront") as File).name).toBe("me.png");
  });
});

describe("the app users list's query", () => {
  it("keeps the sort and filters the list knows and leaves out the rest", () => {
    expect(
      appUserListQuery({
        search: "ali",
        sort: "-fullName",
        filters: { status: "pending", verification: "pending" },
      }),
    ).toEqual({
      role: "AppUser",
      search: "ali",
      sort: "-fullName",
      status: "pending",
      verification: "pending",
    });
    expect(appUserListQuery({ search: "", sort: "passwordHash", filters: { status: "sleeping" } })).toEqual({
      role: "AppUser",
    });
  });
});
