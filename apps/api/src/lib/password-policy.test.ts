import { authMessages } from "@visadesk/contract/auth-constants";
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { COMMON_PASSWORD_COUNT, isCommonPassword, passwordProblem } from "./password-policy";

const ranked = dictionary["passwords-common"];

describe("password policy", () => {
  it("refuses exactly the 10,000 most common passwords of the ranked list, in any case", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    for (const password of ["password", "12345678", "qwertyuiop", "iloveyou", "trustno1", "football"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword("PassWord")).toBe(true);
    // The list's 10,000th entry is refused, its 10,001st is not.
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1] ?? "")).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT] ?? "")).toBe(false);
  });

  it("asks for 8 to 128 characters and nothing else: no composition rules", () => {
    expect(passwordProblem("seven77")).toBe(authMessages.passwordTooShort);
    expect(passwordProblem("x".repeat(129))).toBe(authMessages.passwordTooLong);
    expect(passwordProblem("baseball")).toBe(authMessages.passwordTooCommon);
    expect(authMessages.passwordTooCommon).toBe("This password is too common. Choose a less common one.");
    for (const accepted of [
      "correcthorsebatterystaple",
      "x".repeat(128),
      "quiet winter harbour lights",
      "ÄÖÜ ß 日本語のパスワード",
      "a".repeat(64),
    ]) {
      expect(passwordProblem(accepted), accepted).toBeNull();
    }
  });

  it("holds the first Admin's ADMIN_PASSWORD to the same policy at start-up", () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: "password1" })).toThrow(
      `ADMIN_PASSWORD: ${authMessages.passwordTooCommon}`,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: "short" })).toThrow(
      `ADMIN_PASSWORD: ${authMessages.passwordTooShort}`,
    );
    expect(loadConfig({ ADMIN_PASSWORD: "a-long-uncommon-admin-passphrase" }).adminPassword).toBe(
      "a-long-uncommon-admin-passphrase",
    );
  });
});
