import { CNIC_PATTERN } from "@visadesk/contract/app-user-validation";
import { describe, expect, it } from "vitest";
import { isolate } from "./format";
import { formatCnic } from "./validation";

describe("the CNIC as typed", () => {
  it("gets its dashes from 13 plain digits, and keeps the card's form when typed with them", () => {
    expect(formatCnic("1234512345671")).toBe("12345-1234567-1");
    expect(formatCnic("12345-1234567-1")).toBe("12345-1234567-1");
    expect(formatCnic("12345 1234567 1")).toBe("12345-1234567-1");
    expect(CNIC_PATTERN.test(formatCnic("3520212345673"))).toBe(true);
  });

  it("is dashed as it is typed, and takes no more than 13 digits", () => {
    expect(formatCnic("1234")).toBe("1234");
    expect(formatCnic("123456")).toBe("12345-6");
    expect(formatCnic("123451234567")).toBe("12345-1234567");
    expect(formatCnic("12345123456712")).toBe("12345-1234567-1");
    expect(formatCnic("")).toBe("");
  });
});

describe("a run of figures in a sentence", () => {
  it("is isolated left to right in Urdu, and left as it is in English", () => {
    expect(isolate("10:00 AM", "ur")).toBe("\u206610:00 AM\u2069");
    expect(isolate("10:00 AM", "en")).toBe("10:00 AM");
  });
});
