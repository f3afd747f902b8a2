import { describe, expect, it } from "vitest";
import { ERROR_TEXT_MAX_LENGTH, fieldErrorsOf } from "./errors";

describe("a field's refusal", () => {
  it("is never longer than the documents say an error's text is, even when it echoes what was sent", () => {
    const echoed = `Unrecognized key: "${"k".repeat(ERROR_TEXT_MAX_LENGTH * 2)}"`;
    const errors = fieldErrorsOf([
      { path: [], message: echoed },
      { path: ["timings", 0, "monday"], message: "Use HH:mm - HH:mm" },
    ]);
    expect(errors.body).toHaveLength(ERROR_TEXT_MAX_LENGTH);
    expect(errors.body?.startsWith('Unrecognized key: "kkk')).toBe(true);
    // A refusal within the limit is kept whole, under its field's path.
    expect(errors["timings.0.monday"]).toBe("Use HH:mm - HH:mm");
  });
});
