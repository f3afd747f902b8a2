import { describe, expect, it } from "vitest";
import { mailDay, mailLanguageOf, mailTime, t } from "./customer-mail-i18n";

describe("customer mail texts", () => {
  it("put values in as they are: not escaped, not read again as texts or variables", () => {
    const reason = `O'Brien <b>& co</b> {{company}} $t(greeting)`;
    expect(t("en", "appointment.reason", { reason })).toBe(`Reason: ${reason}`);
    expect(t("ur", "appointment.reason", { reason })).toBe(`وجہ: ${reason}`);
  });

  it("read an account without a language, or with one no longer offered, as English", () => {
    expect(mailLanguageOf("ur")).toBe("ur");
    expect(mailLanguageOf(null)).toBe("en");
    expect(mailLanguageOf("fr")).toBe("en");
  });

  it("tell a day and a time in the reader's language and zone, Latin digits, the zone named", () => {
    const at = "2030-03-12T05:00:00Z";
    expect(mailDay("en", at, "Asia/Karachi")).toBe("Tuesday, 12 March 2030");
    expect(mailDay("ur", at, "Asia/Karachi")).toBe("منگل، 12 مارچ، 2030");
    // 19:30 in Karachi is the next day's 00:30 in Tokyo.
    expect(mailDay("en", "2030-03-12T14:30:00Z", "Asia/Tokyo")).toBe("Tuesday, 12 March 2030");
    expect(mailDay("en", "2030-03-12T15:30:00Z", "Asia/Tokyo")).toBe("Wednesday, 13 March 2030");
    expect(mailTime("en", at, "Asia/Karachi")).toBe(
      "Tuesday, 12 March 2030 at 10:00 am, Pakistan Standard Time (Asia/Karachi)",
    );
    const urdu = mailTime("ur", at, "Asia/Karachi");
    expect(urdu).toBe("منگل، 12 مارچ، 2030 کو 10:00 AM، پاکستان کا معیاری وقت (Asia/Karachi)");
    expect(urdu).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });
});
