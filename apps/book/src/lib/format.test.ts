import { describe, expect, it } from "vitest";
import { countryName, formatClock, formatList, formatMoney, weekdayName, zoneLabel } from "./format";

describe("the customer site's formats", () => {
  it("writes money in the language chosen, with Latin digits in Urdu", () => {
    expect(formatMoney(5000, "PKR", "en")).toMatch(/5,000/);
    const urdu = formatMoney(5000, "PKR", "ur");
    expect(urdu).toMatch(/5,000/);
    expect(urdu).not.toMatch(/[\u06F0-\u06F9\u0660-\u0669]/);
    expect(formatMoney(606.47, "PKR", "en")).toMatch(/606\.47/);
  });

  it("names countries and weekdays in the reader's language", () => {
    expect(countryName("uk", "en")).toBe("United Kingdom");
    expect(countryName("uk", "ur")).not.toBe("United Kingdom");
    expect(countryName("uk", "ur")).toMatch(/[\u0600-\u06FF]/);
    expect(weekdayName(0, "en")).toBe("Monday");
    expect(weekdayName(6, "en")).toBe("Sunday");
    expect(weekdayName(0, "ur")).toMatch(/[\u0600-\u06FF]/);
    expect(formatList(["Canada", "Japan"], "en")).toBe("Canada and Japan");
  });

  it("writes a wall-clock time without moving it, and names a zone", () => {
    expect(formatClock("09:30", "en")).toMatch(/^9:30\s?(am|AM)$/);
    expect(formatClock("18:00", "en")).toMatch(/^6:00\s?(pm|PM)$/);
    expect(zoneLabel("Asia/Karachi", "en")).toMatch(/^Asia\/Karachi \(.+\)$/);
    expect(zoneLabel("Not/AZone", "en")).toBe("Not/AZone");
  });
});
