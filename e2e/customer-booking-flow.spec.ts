import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { CUSTOMER_API, mailedCode, signedUpCustomer, signUpDetails } from "./support/customers";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A visitor on a phone in London, signed in nowhere: the customer site under /book.
test.use({
  viewport: { width: 375, height: 740 },
  timezoneId: "Europe/London",
  storageState: { cookies: [], origins: [] },
});

const TEXTS = {
  en: {
    freeTimes: "Free times",
    locked: "cannot be moved or cancelled online",
    movedLocked: "cannot be moved or cancelled online again",
    minutes: "30 minutes",
  },
  ur: {
    freeTimes: "خالی اوقات",
    locked: "آن لائن نہ بدلا جا سکتا ہے",
    movedLocked: "آن لائن دوبارہ نہ بدلی جا سکے گی",
    minutes: "30 منٹ",
  },
} as const;

/** A listed consultant with a fee and hours every day (09:00-17:00 in Karachi). */
function consultant(request: APIRequestContext, adminAuth: { headers: Record<string, string> }) {
  return consultantWithHours(request, adminAuth, `Hina Baig ${unique()}`, "09:00 - 17:00", {
    IsApproved: "true",
    Fee: "5000",
  });
}

/** axe in the light scheme and again in the dark one. */
async function accessibleInBothSchemes(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
      .toBe(colorScheme === "dark" ? "rgb(17, 22, 20)" : "rgb(255, 255, 255)");
    await expectNoA11yViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

for (const language of ["en", "ur"] as const) {
  const text = TEXTS[language];
  const name = language === "en" ? "English" : "Urdu";

  test(`a visitor sees free times, is warned of a locked time, and books the time chosen before signing in, in ${name}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const made = await consultant(request, adminAuth);
    const me = await signedUpCustomer(request);
    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto(`/book/consultants/${made.guidId}`);
    const freeTimes = page.getByRole("region", { name: text.freeTimes });

    // The first day's first time starts within the 24 hours no change is made online in: marked, and
    // picking it says so before booking, with the fee, the duration and the place.
    const locked = freeTimes.locator(".slots button[data-locked]").first();
    await locked.click();
    await expect(locked).toHaveAttribute("aria-pressed", "true");
    await expect(freeTimes.locator(".locked-warning")).toContainText(text.locked);
    const facts = freeTimes.locator(".booking-facts");
    await expect(facts).toContainText("5,000");
    await expect(facts).toContainText(text.minutes);
    await expect(facts.locator("dd").nth(2)).not.toBeEmpty();
    await accessibleInBothSchemes(page);

    // The last day's first time is beyond it: no warning. Chosen, then signing in comes back to it.
    await freeTimes.locator(".day-strip button:enabled").last().click();
    const open = freeTimes.locator(".slots button").first();
    await open.click();
    await expect(freeTimes.locator(".locked-warning")).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]at=/);
    const startsAt = new URL(page.url()).searchParams.get("at");
    await expect(open).toContainText("4:00");
    await freeTimes.locator(".booking-form a[href*='/sign-in']").click();
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    await expect(page).toHaveURL(new RegExp(`/book/consultants/${made.guidId}\\?at=`));
    // Held, now shown in the customer's own zone (Karachi, the profile's): the same instant, 09:00 there.
    const held = freeTimes.locator(".slots button[aria-pressed='true']");
    await expect(held).toContainText("9:00");
    await expect(freeTimes.locator(".zone-choice input")).toHaveValue("Asia/Karachi");
    await expect(freeTimes.locator(".booking-facts")).toContainText(text.minutes);
    await freeTimes.locator("textarea[name='description']").fill("Study permit for Canada");
    await accessibleInBothSchemes(page);
    await freeTimes.locator("form button[type='submit']").click();
    await expect(page.locator(".notice h2")).toBeVisible();

    const mine = await request.get(`${CUSTOMER_API}/appointments`, {
      headers: { authorization: `Bearer ${me.accessToken}` },
    });
    const booked = (await mine.json()).data.map((booking: { startsAt: string }) => booking.startsAt);
    expect(booked).toEqual([startsAt]);
  });

  test(`the time-zone choice changes the times shown, and signed in it is kept in the profile, in ${name}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const made = await consultant(request, adminAuth);
    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto(`/book/consultants/${made.guidId}`);
    const freeTimes = page.getByRole("region", { name: text.freeTimes });
    const zone = freeTimes.locator(".zone-choice input");
    // The browser's zone first: Karachi's 09:00 is 04:00 in London.
    await expect(zone).toHaveValue("Europe/London");
    await freeTimes.locator(".day-strip button:enabled").last().click();
    const first = freeTimes.locator(".slots button").first();
    await expect(first).toContainText("4:00");
    await zone.fill("Asia/Tokyo");
    await expect(freeTimes).toContainText("GMT+9");
    await freeTimes.locator(".day-strip button:enabled").last().click();
    // 09:00 in Karachi is 13:00 in Tokyo.
    await expect(first).toContainText("1:00");
    await accessibleInBothSchemes(page);
    // A visitor's choice is remembered in this browser.
    await page.reload();
    await expect(zone).toHaveValue("Asia/Tokyo");

    // Signed in, the choice is the profile's time zone.
    const me = await signedUpCustomer(request);
    await freeTimes.locator(".day-strip button:enabled").last().click();
    await freeTimes.locator(".slots button").first().click();
    await freeTimes.locator(".booking-form a[href*='/sign-in']").click();
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    await expect(page).toHaveURL(new RegExp(`/book/consultants/${made.guidId}`));
    // The profile's zone (Karachi, given at sign-up) from now on; a new choice is saved in it.
    await expect(zone).toHaveValue("Asia/Karachi");
    await zone.fill("America/New_York");
    const headers = { authorization: `Bearer ${me.accessToken}` };
    await expect
      .poll(async () => (await (await request.get(`${CUSTOMER_API}/me`, { headers })).json()).timeZone)
      .toBe("America/New_York");
  });
}

for (const language of ["en", "ur"] as const) {
  test(`a locked appointment shows the consultant office's phone to call, isolated, in ${language === "en" ? "English" : "Urdu"}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const made = await consultantWithHours(request, adminAuth, `Saad Mirza ${unique()}`, "09:00 - 17:00", {
      IsApproved: "true",
      OfficeNumber: "+92 42 35761234",
    });
    const me = await signedUpCustomer(request);
    const headers = { authorization: `Bearer ${me.accessToken}` };
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const free = await request.get(
      `${CUSTOMER_API}/consultants/${made.guidId}/availability?from=${today}&to=${later}`,
      { headers },
    );
    const slots: { startsAt: string; changeLocked: boolean }[] = (await free.json()).days.flatMap(
      (day: { slots: unknown[] }) => day.slots,
    );
    const locked = slots.find((slot) => slot.changeLocked);
    const booked = await request.post(`${CUSTOMER_API}/appointments`, {
      headers,
      data: { consultantId: made.guidId, startsAt: locked?.startsAt, description: "Visit visa" },
    });
    expect(booked.status()).toBe(201);

    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto("/book/sign-in?next=/appointments");
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    const call = page.locator(".office-phone a");
    await expect(call).toHaveText("+92 42 35761234");
    await expect(call).toHaveAttribute("href", "tel:+924235761234");
    await expect(call.locator("bdi")).toHaveAttribute("dir", "ltr");
    await accessibleInBothSchemes(page);
  });
}

for (const language of ["en", "ur"] as const) {
  test(`a time chosen before signing up is held after the code and the sign-in, in ${language === "en" ? "English" : "Urdu"}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const made = await consultant(request, adminAuth);
    const me = signUpDetails(language);
    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto(`/book/consultants/${made.guidId}`);
    const freeTimes = page.getByRole("region", { name: TEXTS[language].freeTimes });
    await freeTimes.locator(".day-strip button:enabled").last().click();
    await freeTimes.locator(".slots button").first().click();
    const startsAt = new URL(page.url()).searchParams.get("at");
    await freeTimes.locator(".booking-form a[href*='/sign-up']").click();
    for (const field of [
      "firstName",
      "lastName",
      "userName",
      "email",
      "phoneNumber",
      "dateOfBirth",
      "cnic",
    ] as const) {
      await page.locator(`input[name='${field}']`).fill(me[field]);
    }
    await page.locator("[name='address']").fill(me.address);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    await expect(page).toHaveURL(/\/book\/verify-email\?/);
    await page.locator("input[name='code']").fill(await mailedCode(me.email));
    await page.locator("form button[type='submit']").click();
    await page.locator("main a.button-link[href*='/sign-in']").click();
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    await expect(page).toHaveURL(new RegExp(`/book/consultants/${made.guidId}\\?at=`));
    expect(new URL(page.url()).searchParams.get("at")).toBe(startsAt);
    await expect(freeTimes.locator(".slots button[aria-pressed='true']")).toHaveCount(1);
    await freeTimes.locator("textarea[name='description']").fill("Visit visa for my parents");
    await freeTimes.locator("form button[type='submit']").click();
    await expect(page.locator(".notice h2")).toBeVisible();
  });
}

for (const language of ["en", "ur"] as const) {
  test(`moving to a time inside the no-change window is warned of before moving, in ${language === "en" ? "English" : "Urdu"}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const made = await consultant(request, adminAuth);
    const me = await signedUpCustomer(request);
    const headers = { authorization: `Bearer ${me.accessToken}` };
    const from = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const free = await request.get(
      `${CUSTOMER_API}/consultants/${made.guidId}/availability?from=${from}&to=${from}`,
      { headers },
    );
    const open = (await free.json()).days[0].slots[0];
    const booked = await request.post(`${CUSTOMER_API}/appointments`, {
      headers,
      data: { consultantId: made.guidId, startsAt: open.startsAt, description: "Student visa" },
    });
    expect(booked.status()).toBe(201);

    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto("/book/sign-in?next=/appointments");
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    const booking = page.locator(".booking").first();
    await booking.locator(".actions button.secondary").first().click();
    const move = booking.locator("fieldset.move");
    await move.locator(".slots button[data-locked]").first().click();
    await expect(move.locator(".locked-warning")).toContainText(TEXTS[language].movedLocked);
    await accessibleInBothSchemes(page);
    await move.locator(".day-strip button:enabled").last().click();
    await move.locator(".slots button").first().click();
    await expect(move.locator(".locked-warning")).toHaveCount(0);
  });
}
