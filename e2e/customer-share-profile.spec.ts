import type { Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { BASE_URL } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A visitor on a small phone, signed in nowhere.
test.use({ viewport: { width: 375, height: 812 }, storageState: { cookies: [], origins: [] } });

const TEXTS = {
  en: { share: "Share", copied: "Link copied" },
  ur: { share: "شیئر کریں", copied: "لنک کاپی ہو گیا" },
} as const;

for (const language of ["en", "ur"] as const) {
  test(`sharing a profile copies its link where the browser cannot share, said on screen, in ${language}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await consultantWithHours(
      request,
      adminAuth,
      `Sana Share ${unique()}`,
      "09:00 - 17:00",
      {
        IsApproved: "true",
      },
    );
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    // A browser without Web Share (as most desktop ones).
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined }));
    if (language === "ur") {
      await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
    }
    const address = `/book/consultants/${consultant.guidId}`;
    // A time picked is kept in the address; the link shared is the profile's own.
    await page.goto(`${address}?at=2030-01-01T09:00:00.000Z`);
    const share = page.getByRole("button", { name: TEXTS[language].share });
    await takenOver(page, language);
    // From the keyboard.
    await share.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: TEXTS[language].copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE_URL}${address}`);
    await expectNoA11yViolations(page);
  });

  test(`sharing a profile opens the device's share sheet where there is one, in ${language}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await consultantWithHours(
      request,
      adminAuth,
      `Sana Sheet ${unique()}`,
      "09:00 - 17:00",
      {
        IsApproved: "true",
      },
    );
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(Navigator.prototype, "share", {
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    if (language === "ur") {
      await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
    }
    const address = `/book/consultants/${consultant.guidId}`;
    await page.goto(address);
    await takenOver(page, language);
    await page.getByRole("button", { name: TEXTS[language].share }).focus();
    await page.keyboard.press("Space");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: consultant.name, url: `${BASE_URL}${address}` }]);
    await expect(page.getByText(TEXTS[language].copied)).toHaveCount(0);
  });
}

/**
 * Once the site has taken over the server's painting (the free times appear then): the painted Share button
 * does nothing before, which a slow load shows.
 */
async function takenOver(page: Page, language: "en" | "ur") {
  await expect(
    page.getByRole("heading", { level: 2, name: language === "ur" ? "خالی اوقات" : "Free times" }),
  ).toBeVisible();
}
