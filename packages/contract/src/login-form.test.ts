import { describe, expect, it } from "vitest";
import { authValidationMessages } from "./auth-constants";
import { loginFormSchema } from "./login-form";

const validate = (value: unknown) => loginFormSchema["~standard"].validate(value);

describe("loginFormSchema", () => {
  it("asks for both fields when they are empty", () => {
    expect(validate({ login: "  ", password: "" }).issues).toEqual([
      { message: authValidationMessages.loginRequired, path: ["login"] },
      { message: authValidationMessages.passwordRequired, path: ["password"] },
    ]);
  });

  it("trims the login box and keeps the password as typed", () => {
    expect(validate({ login: " admin@example.com ", password: " secret " })).toEqual({
      value: { login: "admin@example.com", password: " secret " },
    });
  });
});
