import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { CUSTOMER_API } from "./support/customers";
import { BASE_URL } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A visitor on a small phone, signed in nowhere.
const VIEWPORT = { width: 375, height: 812 };
test.use({ viewport: VIEWPORT, storageState: { cookies: [], origins: [] } });

/** An approved consultant with hours, an office and what the profile shows. */
async function listedConsultant(request: APIRequestContext, auth: { headers: Record<string, string> }) {
  const name = `Nadia Paint ${unique()}`;
  const consultant = await consultantWithHours(request, auth, name, "09:00 - 17:00", {
    IsApproved: "true",
    Fee: "5000",
    country: "canada,uk",
    AboutInfo: "Fifteen years of <student> & family visas.",
    Services: "Student visas, interview preparation",
  });
  const office = await request.post("/api/v2/Consultants/consultantaddresses", {
    ...auth,
    data: [
      {
        id: 0,
        consultantId: consultant.guidId,
        address: "12 Mall Road",
        city: "Lahore",
        state: "Punjab",
        country: "Pakistan",
        zipCode: "54000",
      },
    ],
  });
  expect(office.status(), await office.text()).toBe(200);
  return { ...consultant, name };
}

/** The text of the page's content, the free times (shown once the session is known) aside. */
const contentText = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector("main")?.cloneNode(true) as HTMLElement | undefined;
    main?.querySelector('[aria-labelledby="free-times-title"]')?.remove();
    return (main?.textContent ?? "").replace(/\s+/g, " ").trim();
  });

const LANGUAGE_COOKIE = { name: "visadesk-book-language", url: BASE_URL };

for (const language of ["en", "ur"] as const) {
  test(`a shared profile arrives painted by the server and the site takes it over unchanged, in ${language}`, async ({
    browser,
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await listedConsultant(request, adminAuth);
    const address = `/book/consultants/${consultant.guidId}`;
    const heading = { level: 1, name: consultant.name } as const;

    // Without any script: the page as the server wrote it already shows the profile.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORT });
    if (language === "ur") await bare.addCookies([{ ...LANGUAGE_COOKIE, value: "ur" }]);
    const painted = await bare.newPage();
    await painted.goto(address);
    await expect(painted.locator("html")).toHaveAttribute("dir", language === "ur" ? "rtl" : "ltr");
    await expect(painted.getByRole("heading", heading)).toBeVisible();
    await expect(painted.getByText("Fifteen years of <student> & family visas.")).toBeVisible();
    await expect(painted.getByText("12 Mall Road, Lahore, Punjab, 54000, Pakistan")).toBeVisible();
    await expect(painted.getByText(/5,000/)).toBeVisible();
    await expect(painted.getByRole("row", { name: language === "ur" ? /پیر/ : /Monday/ })).toBeVisible();
    const paintedText = await contentText(painted);
    await bare.close();

    // With scripts: the site renders the same profile from the page's data, with no skeleton in between
    // and without asking the API for it again.
    if (language === "ur") {
      await page.context().addCookies([{ ...LANGUAGE_COOKIE, value: "ur" }]);
      await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
    }
    await page.addInitScript(() => {
      const seen = { skeleton: false };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        if (document.querySelector(".skeleton-page")) seen.skeleton = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const asked: string[] = [];
    page.on("request", (sent) => {
      if (sent.url().endsWith(`${CUSTOMER_API}/consultants/${consultant.guidId}`)) asked.push(sent.url());
    });
    await page.goto(address);
    // The free times appear once the site knows there is no session: the site has taken over.
    await expect(
      page.getByRole("heading", { level: 2, name: language === "ur" ? "خالی اوقات" : "Free times" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", heading)).toBeVisible();
    expect(await contentText(page)).toBe(paintedText);
    expect(
      await page.evaluate(() => (window as unknown as { seen: { skeleton: boolean } }).seen.skeleton),
    ).toBe(false);
    expect(asked).toEqual([]);
    await expectNoA11yViolations(page);
  });
}
