import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("a page's title", () => {
  it("names the page, then what it shows, then the product", () => {
    expect(pageTitle("Edit consultant", "Felicita Wyman")).toBe(
      "Edit consultant — Felicita Wyman — VisaDesk",
    );
    expect(pageTitle("Consultants")).toBe("Consultants — VisaDesk");
  });

  it("leaves out a part not known yet, instead of an empty one", () => {
    expect(pageTitle("Edit consultant", undefined)).toBe("Edit consultant — VisaDesk");
    expect(pageTitle("Edit app user", "  ")).toBe("Edit app user — VisaDesk");
  });
});
