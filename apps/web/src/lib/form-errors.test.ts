import { describe, expect, it, vi } from "vitest";
import { applyServerFieldErrors, fieldsOf } from "./form-errors";
import { HttpError } from "./http";

/** What the API answers on a 400 or 409: the product's error shape with its field errors. */
const answer = (fieldErrors: Record<string, string>) =>
  new HttpError(
    "Request failed with status code 400",
    "ERR_BAD_REQUEST",
    { method: "POST", url: "User/adduser", headers: {} },
    { status: 400, data: { message: Object.values(fieldErrors)[0], fieldErrors }, headers: new Headers() },
  );

describe("applyServerFieldErrors", () => {
  it("puts each known field's message on it, matched without regard to case, focusing the first only", () => {
    const setError = vi.fn();
    const applied = applyServerFieldErrors(
      answer({ email: "Email is taken", userName: "Username is taken", unknown: "ignored" }),
      ["Email", "UserName", "Password"],
      setError,
    );
    expect(applied).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["Email", { type: "server", message: "Email is taken" }, { shouldFocus: true }],
      ["UserName", { type: "server", message: "Username is taken" }, { shouldFocus: false }],
    ]);
  });

  it("renames server fields the form calls otherwise (an array index, another field that shows it)", () => {
    const setError = vi.fn();
    applyServerFieldErrors(answer({ "0.city": "City is required" }), ["city"], setError, (name) =>
      name.replace(/^\d+\./, ""),
    );
    expect(setError).toHaveBeenCalledWith(
      "city",
      { type: "server", message: "City is required" },
      {
        shouldFocus: true,
      },
    );
  });

  it("says when nothing landed on a field, so the caller shows the message elsewhere", () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors(new Error("Network Error"), ["email"], setError)).toBe(false);
    expect(applyServerFieldErrors(answer({ other: "x" }), ["email"], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it("fieldsOf names a form's fields from its blank values", () => {
    expect(fieldsOf({ a: "", b: 0 })).toEqual(["a", "b"]);
  });
});
