import { consultantWithoutTimings } from "./support/appointments";
import { BASE_URL } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A visitor on a phone, signed in nowhere: the customer site's directory under /book.
test.use({ viewport: { width: 375, height: 740 }, storageState: { cookies: [], origins: [] } });

const TEXTS = {
  en: {
    filters: "Filters",
    language: "Language",
    sindhi: "Sindhi",
    visaType: "Visa type",
    count: (n: number) => `${n} consultant${n === 1 ? "" : "s"}`,
  },
  ur: {
    filters: "فلٹر",
    language: "زبان",
    sindhi: "سندھی",
    visaType: "ویزا کی قسم",
    count: (n: number) => `${n} کنسلٹنٹ${n === 1 ? "" : "س"}`,
  },
} as const;

for (const language of ["en", "ur"] as const) {
  test(`a visitor narrows the directory by a language spoken and a visa type, its count following, at 375 px in ${language === "en" ? "English" : "Urdu"}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const words = TEXTS[language];
    const tag = unique();
    // Three listed consultants the tag finds: two speak Sindhi, one of them offers work visas.
    const listed = { IsApproved: "true" };
    await consultantWithoutTimings(request, adminAuth, `Sindhi Work ${tag}`, {
      ...listed,
      languagesSpoken: "sindhi,english",
      Services: `Work Visa ${tag}`,
    });
    await consultantWithoutTimings(request, adminAuth, `Sindhi Study ${tag}`, {
      ...listed,
      languagesSpoken: "sindhi",
      Services: `Study Visa ${tag}`,
    });
    await consultantWithoutTimings(request, adminAuth, `English Work ${tag}`, {
      ...listed,
      languagesSpoken: "english",
      Services: `Work Visa ${tag}`,
    });

    // The reader's language as the site keeps it: its cookie (the server's page) and local storage.
    await page.context().addCookies([{ name: "visadesk-book-language", url: BASE_URL, value: language }]);
    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto(`/book/?search=${tag}`);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ur" ? "rtl" : "ltr");
    const count = page.locator(".result-count");
    // Numbers are isolated (their own direction inside Urdu text).
    await expect(count).toHaveText(words.count(3));
    await expect(count.locator("bdi")).toHaveText("3");

    await page.getByText(words.filters, { exact: true }).click();
    // The choices come from the data: the languages listed consultants speak, the visa types they offer.
    // Within the filters (the site's own language choice is named Language too).
    const filters = page.locator("details.filters");
    const languages = filters.getByRole("combobox", { name: words.language });
    await expect(languages.locator("option", { hasText: words.sindhi })).toHaveCount(1);
    await languages.selectOption({ label: words.sindhi });
    await expect(page).toHaveURL(/language=sindhi/);
    await expect(count).toHaveText(words.count(2));
    await expect(page.getByRole("link", { name: `English Work ${tag}` })).toHaveCount(0);

    const visaTypes = filters.getByRole("combobox", { name: words.visaType });
    // Offered with its words capitalised, sent as the data has it.
    await expect(visaTypes.locator("option", { hasText: new RegExp(`^Work Visa ${tag}$`, "i") })).toHaveCount(
      1,
    );
    await visaTypes.selectOption({ value: `work visa ${tag}` });
    await expect(page).toHaveURL(/visaType=work\+visa/);
    await expect(count).toHaveText(words.count(1));
    await expect(page.getByRole("link", { name: `Sindhi Work ${tag}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Sindhi Study ${tag}` })).toHaveCount(0);

    // Nothing wider than the phone, and nothing axe objects to.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page);
  });
}
