import { describe, expect, it } from "vitest";
import { browserTimeZone, formatInstant } from "./date-time";

describe("formatInstant", () => {
  it("writes the instant in the zone asked for and names that zone", () => {
    expect(formatInstant("2030-03-12T12:18:00.000Z", "Asia/Karachi")).toBe(
      "12 Mar 2030, 17:18 (Asia/Karachi)",
    );
    expect(formatInstant("2030-03-12T12:18:00.000Z", "UTC")).toBe("12 Mar 2030, 12:18 (UTC)");
  });

  it("names the browser's zone when none is given", () => {
    expect(formatInstant("2030-03-12T12:18:00.000Z")).toMatch(
      new RegExp(`^12 Mar 2030, \\d\\d:\\d\\d \\(${browserTimeZone().replace("/", "\\/")}\\)$`),
    );
  });
});
