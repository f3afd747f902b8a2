import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { CUSTOMER_API, signedUpCustomer } from "./support/customers";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A customer on a phone, signed in nowhere at first: the customer site under /book.
test.use({ viewport: { width: 375, height: 740 }, storageState: { cookies: [], origins: [] } });

const WIDTHS = [320, 375, 412];

/** A listed consultant with hours every day, and a customer with one booking with them. */
async function customerWithBooking(
  request: APIRequestContext,
  adminAuth: { headers: Record<string, string> },
) {
  const consultant = await consultantWithHours(
    request,
    adminAuth,
    `Farah Siddiqui ${unique()}`,
    "09:00 - 17:00",
    {
      IsApproved: "true",
      Fee: "12500",
      country: "canada,uk,australia",
      Services: "Student visas, visit visas, family and spouse visas, interview preparation",
    },
  );
  const me = await signedUpCustomer(request);
  const auth = { authorization: `Bearer ${me.accessToken}` };
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const availability = await request.get(
    `${CUSTOMER_API}/consultants/${consultant.guidId}/availability?from=${from}&to=${to}`,
    { headers: auth },
  );
  const slot = (await availability.json()).days.find((day: { slots: unknown[] }) => day.slots.length > 0)
    .slots[0];
  const booked = await request.post(`${CUSTOMER_API}/appointments`, {
    headers: auth,
    data: { consultantId: consultant.guidId, startsAt: slot.startsAt, description: "Spouse visa for the UK" },
  });
  expect(booked.status()).toBe(201);
  return { consultant, me };
}

/** Another screen of the site, opened by its own router as its links do (one page load per run). */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, `/book${path}`);
  await expect(page.locator("main h1").first()).toBeVisible();
}

/** The page's width at each phone width: never wider than the screen. */
async function widthsOf(page: Page, screen: string) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) found.push(`${screen} at ${width}px is ${scrollWidth}px wide`);
  }
  return found;
}

for (const language of ["en", "ur"] as const) {
  test(`no customer screen scrolls sideways on a phone (320, 375, 412 px), signed out and in, in ${language === "en" ? "English" : "Urdu"}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    test.setTimeout(120_000);
    const { consultant, me } = await customerWithBooking(request, adminAuth);
    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    const screens = [
      "/",
      `/consultants/${consultant.guidId}`,
      "/sign-up",
      "/verify-email?email=someone%40example.com",
      "/forgot-password",
      "/reset-password?token=not-a-real-one",
      "/no-such-page",
      "/sign-in",
    ];
    const tooWide: string[] = [];
    await page.goto("/book/");
    await expect(page.locator("main h1")).toBeVisible();
    for (const screen of screens) {
      await open(page, screen);
      tooWide.push(...(await widthsOf(page, `signed out ${screen}`)));
    }

    // Signed in: the header's links, the free times and the booking form, the appointments, the account.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.locator('input[name="email"]').fill(me.email);
    await page.locator('input[name="password"]').fill(me.password);
    await page.locator('main button[type="submit"]').click();
    await expect(page.locator(".menu-button")).toBeVisible();
    await expect(page).toHaveURL(/\/book\/?$/);
    for (const screen of [...screens.filter((path) => path !== "/sign-in"), "/appointments", "/account"]) {
      await open(page, screen);
      if (screen.startsWith("/consultants/")) {
        await page.locator(".day-strip button:enabled").last().click();
        await page.locator(".slots button").first().click();
        await expect(page.locator(".booking-form")).toBeVisible();
      }
      if (screen === "/appointments") await expect(page.locator(".booking").first()).toBeVisible();
      tooWide.push(...(await widthsOf(page, `signed in ${screen}`)));
      // The menu open too.
      await page.setViewportSize({ width: 320, height: 740 });
      await page.locator(".menu-button").click();
      tooWide.push(...(await widthsOf(page, `signed in ${screen} with the menu open`)));
      await page.keyboard.press("Escape");
    }
    expect(tooWide).toEqual([]);
    // The menu, open on a phone, passes axe in this language too.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.locator(".menu-button").click();
    await expect(page.locator(".menu-button")).toHaveAttribute("aria-expanded", "true");
    await expectNoA11yViolations(page);
  });
}

test("on a phone the header folds into a menu: a button that says it is open, keyboard and Escape; the language stays in reach", async ({
  page,
  request,
}) => {
  const me = await signedUpCustomer(request);
  await page.goto("/book/sign-in");
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill(me.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/book\/?$/);

  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: "My appointments" })).toHaveCount(0);
  // The language switch is on screen, not behind the menu.
  const language = await page.getByRole("combobox", { name: "Language" }).boundingBox();
  expect(language && language.x >= 0 && language.x + language.width <= 375).toBe(true);

  // By keyboard: open, move into it, Escape closes it and the focus comes back to the button.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const appointments = page.getByRole("link", { name: "My appointments" });
  await expect(appointments).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .toBe("rgb(17, 22, 20)");
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.keyboard.press("Tab");
  await expect(appointments).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(appointments).toHaveCount(0);

  // A link in it leads to its page and the menu closes.
  await page.keyboard.press("Enter");
  await page.getByRole("link", { name: "My appointments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My appointments" })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // On a wide screen there is no menu: the links are in the header.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(menu).toBeHidden();
  await expect(page.getByRole("link", { name: "My account" })).toBeVisible();
});
