import type { Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A customer on a phone, signed in nowhere: the customer site under /book.
test.use({ viewport: { width: 390, height: 844 }, storageState: { cookies: [], origins: [] } });

/** axe in the light scheme and again in the dark one: the page's colours change, its structure does not. */
async function expectAccessibleInBothSchemes(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
      .toBe(colorScheme === "dark" ? "rgb(17, 22, 20)" : "rgb(255, 255, 255)");
    await expectNoA11yViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** An approved consultant with hours and the fields a customer compares by. */
async function listedConsultant(
  request: Parameters<typeof consultantWithHours>[0],
  auth: { headers: Record<string, string> },
) {
  const name = `Zubair Qadri ${unique()}`;
  const consultant = await consultantWithHours(request, auth, name, "09:00 - 17:00", {
    IsApproved: "true",
    IsPremium: "true",
    Fee: "5000",
    Rating: "4.5",
    experience: "7",
    country: "canada,uk",
    VisaOffer: "Student and work visas for Canada",
    Services: "Student visas, interview preparation",
  });
  return { ...consultant, name };
}

test("a customer finds a consultant as they type and opens the profile, in English", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await listedConsultant(request, adminAuth);
  await page.goto("/book/");
  await expect(page.getByRole("heading", { level: 1, name: "Find a visa consultant" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  await page.getByRole("searchbox", { name: "Search" }).fill(consultant.name);
  const link = page.getByRole("link", { name: consultant.name });
  await expect(link).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(consultant.name).replace(/%20/g, "\\+")}`),
  );
  await expect(page.getByRole("listitem").filter({ has: link })).toContainText(/5,000/);
  await expectAccessibleInBothSchemes(page);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/book/consultants/${consultant.guidId}$`));
  await expect(page.getByRole("heading", { level: 1, name: consultant.name })).toBeVisible();
  await expect(page).toHaveTitle(`${consultant.name} | VisaDesk`);
  await expect(page.getByText("Canada and United Kingdom")).toBeVisible();
  const hours = page.getByRole("table");
  await expect(hours.getByRole("row", { name: /Monday/ })).toContainText(/9:00\s?AM – 5:00\s?PM/i);
  await expect(page.getByText(`Times in ${consultant.timeZone}`, { exact: false })).toBeVisible();
  await expectAccessibleInBothSchemes(page);

  // Back returns to the search as it was.
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(consultant.name);
});

test("the site in Urdu: right to left, Urdu texts, Latin digits, remembered after a reload", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await listedConsultant(request, adminAuth);
  await page.goto("/book/");
  await page.getByRole("combobox", { name: "Language" }).selectOption("ur");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(html).toHaveAttribute("lang", "ur-PK");
  await expect(page.getByRole("heading", { level: 1, name: "ویزا کنسلٹنٹ تلاش کریں" })).toBeVisible();

  await page.reload();
  await expect(html).toHaveAttribute("dir", "rtl");
  // Mirrored: the brand starts at the right edge, the language switch sits at the left.
  const brand = await page.getByRole("link", { name: "ویزا ڈیسک" }).boundingBox();
  const language = await page.getByRole("combobox", { name: "زبان" }).boundingBox();
  expect(brand && language && brand.x > language.x).toBe(true);

  await page.getByRole("searchbox", { name: "تلاش" }).fill(consultant.name);
  const link = page.getByRole("link", { name: consultant.name });
  await expect(page.getByRole("listitem").filter({ has: link })).toContainText(/5,000/);
  await expect(page.getByRole("listitem").filter({ has: link })).toContainText("پریمیم");
  await expectAccessibleInBothSchemes(page);

  await link.click();
  await expect(page.getByRole("heading", { level: 2, name: "ہفتہ وار اوقات" })).toBeVisible();
  const monday = page.getByRole("table").getByRole("row").first();
  await expect(monday).toContainText("پیر");
  await expect(monday).toContainText(/9:00/);
  await expect(page.locator("main")).not.toContainText(/[\u06F0-\u06F9]/);
  await expectAccessibleInBothSchemes(page);
});

test("a profile's address is a page of its own that names the consultant before any script runs", async ({
  request,
  adminAuth,
}) => {
  const consultant = await listedConsultant(request, adminAuth);
  const answer = await request.get(`/book/consultants/${consultant.guidId}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(`<title>${consultant.name}`);
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="${consultant.name}`));
});
