import type { Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { CARD, CUSTOMER_API, mailedCode, signedUpCustomer, signUpDetails } from "./support/customers";
import { ADMIN_STATE } from "./support/env";
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
  // A visitor who never signed in here has no session to restore: no refresh is asked for (nor refused).
  const refreshes: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/auth/refresh")) refreshes.push(sent.url());
  });
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
  expect(refreshes).toEqual([]);
});

test("the site in Urdu: right to left, Urdu texts, Latin digits, remembered; signing in and booking in Urdu, a late cancel refused", async ({
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

  // Signed in, in Urdu: the soonest free time, inside the cancel cut-off, which the customer is told of.
  const me = await signedUpCustomer(request);
  const freeTimes = page.getByRole("region", { name: "خالی اوقات" });
  await freeTimes.getByRole("link", { name: "سائن اِن" }).click();
  await page.getByLabel("ای میل").fill(me.email);
  await page.getByLabel("پاس ورڈ").fill(me.password);
  await page.getByRole("button", { name: "سائن اِن" }).click();
  await freeTimes.locator(".slots button").first().click();
  await page.getByLabel("اپائنٹمنٹ کس بارے میں ہے؟").fill("ورک ویزا");
  await page.getByRole("button", { name: "یہ وقت بُک کریں" }).click();
  await expect(page.getByRole("heading", { name: "بُک ہو گئی" })).toBeVisible();
  await page.getByRole("link", { name: "میری اپائنٹمنٹس" }).first().click();
  const booking = page.getByRole("listitem").filter({ hasText: consultant.name });
  await expect(booking).toContainText("تصدیق کا انتظار");
  await expect(booking).toContainText("یہ جلد شروع ہونے والی ہے");
  await expect(booking.getByRole("button", { name: "اپائنٹمنٹ منسوخ کریں" })).toHaveCount(0);
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

test.describe("in London", () => {
  test.use({ timezoneId: "Europe/London" });

  test("a customer in London signs up, verifies, books; staff see it arrive live and confirm it; the customer sees Confirmed, moves it and cancels", {
    tag: "@live",
  }, async ({ page, request, adminAuth, browser }) => {
    const consultant = await listedConsultant(request, adminAuth);
    const me = signUpDetails();
    await page.goto("/book/sign-up");
    await page.getByLabel("First name").fill(me.firstName);
    await page.getByLabel("Last name").fill(me.lastName);
    await page.getByLabel("User name").fill(me.userName);
    await page.getByLabel("Email").fill(me.email);
    await page.getByLabel("Phone number").fill(me.phoneNumber);
    await page.getByLabel("Date of birth").fill(me.dateOfBirth);
    await page.getByLabel("CNIC").fill(me.cnic);
    await page.getByLabel("Address").fill(me.address);
    await page.getByLabel("Password").fill(me.password);
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Create my account" }).click();

    await expect(page).toHaveURL(/\/book\/verify-email\?email=/);
    await page.getByLabel("Code").fill(await mailedCode(me.email));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Your email is verified.")).toBeVisible();

    // Signing in from a profile comes back to it.
    await page.goto(`/book/consultants/${consultant.guidId}`);
    await page.getByRole("region", { name: "Free times" }).getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(me.email);
    await page.getByLabel("Password").fill(me.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/book/consultants/${consultant.guidId}$`));

    // Free times in the customer's own zone (the browser's, London, given at sign-up), by keyboard: the last
    // day of the strip (beyond the cancel cut-off), then its first time.
    const freeTimes = page.getByRole("region", { name: "Free times" });
    await expect(freeTimes).toContainText("Times in Europe/London");
    const lastDay = freeTimes.locator(".day-strip button:enabled").last();
    await lastDay.focus();
    await page.keyboard.press("Enter");
    await expect(lastDay).toHaveAttribute("aria-pressed", "true");
    const firstTime = freeTimes.locator(".slots button").first();
    await firstTime.focus();
    await page.keyboard.press("Enter");
    await expect(firstTime).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("What is the appointment about?").fill("Study permit for Canada");
    await expectAccessibleInBothSchemes(page);
    // Staff have the appointments screen open on this customer, with nothing booked yet.
    const staff = await (
      await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 1366, height: 900 } })
    ).newPage();
    // Other tests' customers book too (their rows fill more than a page): the list is this test's consultant's.
    await staff.goto(`/user-appointments?consultant=${consultant.guidId}`);
    await expect(staff.getByRole("heading", { name: "User Appointments" })).toBeVisible();
    const row = staff.getByRole("row").filter({ hasText: consultant.name });
    await expect(row).toHaveCount(0);

    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { name: "Booked" })).toBeVisible();

    // No reload: the server tells the open screen; staff confirm it from its details.
    await expect(row.getByText("Booked by the customer")).toBeVisible({ timeout: 5_000 });
    await row.getByRole("button", { name: "View details" }).click();
    await staff
      .getByRole("dialog", { name: "Appointment Details" })
      .getByRole("button", { name: "Mark Confirmed" })
      .click();
    await expect(
      staff
        .getByRole("dialog", { name: "Appointment Details" })
        .getByRole("listitem")
        .filter({ hasText: "Confirmed:" }),
    ).toContainText("Yes");
    await staff.close();

    await page.getByRole("link", { name: "My appointments" }).first().click();
    const booking = page.getByRole("listitem").filter({ hasText: consultant.name });
    await expect(booking.getByText("Confirmed", { exact: true })).toBeVisible();
    // Moved through the same picker, to the next time of that day: the card shows the new time.
    const when = booking.locator(".strong").first();
    const before = (await when.textContent()) ?? "";
    await booking.getByRole("button", { name: "Move to another time" }).click();
    const move = booking.getByRole("group", { name: "Choose the new time" });
    await move.locator(".day-strip button:enabled").last().click();
    await move.locator(".slots button").nth(1).click();
    await move.getByRole("button", { name: /^Move it to / }).click();
    await expect(when).not.toHaveText(before);
    // Said once done.
    await expect(
      page.getByRole("status").filter({ hasText: /^Your appointment is moved to .+ at .+\.$/ }),
    ).toBeVisible();
    await expect(booking).toContainText("Europe/London");
    await expect(booking).toContainText("Study permit for Canada");
    await expectAccessibleInBothSchemes(page);
    await booking.getByRole("button", { name: "Cancel the appointment" }).click();
    await booking.getByLabel(/Reason/).fill("Plans changed");
    await booking.getByRole("button", { name: "Cancel it" }).click();
    await expect(booking).toContainText("Cancelled");
    await expect(
      page.getByRole("status").filter({ hasText: "Your appointment is cancelled." }),
    ).toBeVisible();
  });
});

test("a time taken meanwhile by another customer is said so, with the free times as they are now", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await listedConsultant(request, adminAuth);
  const first = await signedUpCustomer(request);
  const second = await signedUpCustomer(request);
  await page.goto("/book/sign-in");
  await page.getByLabel("Email").fill(second.email);
  await page.getByLabel("Password").fill(second.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // On a phone the account's links are behind the header's menu.
  await expect(page).not.toHaveURL(/sign-in/);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("link", { name: "My appointments" })).toBeVisible();
  // A new page load: the session comes back from the refresh cookie.
  await page.goto(`/book/consultants/${consultant.guidId}`);
  const firstTime = page.locator(".slots button").first();
  await firstTime.click();
  const label = await firstTime.textContent();

  // The other customer books that very time first.
  const availability = await request.get(
    `${CUSTOMER_API}/consultants/${consultant.guidId}/availability?from=${today()}&to=${inDays(6)}`,
    { headers: { authorization: `Bearer ${first.accessToken}` } },
  );
  const slot = (await availability.json()).days.find((day: { slots: unknown[] }) => day.slots.length > 0)
    .slots[0];
  const taken = await request.post(`${CUSTOMER_API}/appointments`, {
    headers: { authorization: `Bearer ${first.accessToken}` },
    data: { consultantId: consultant.guidId, startsAt: slot.startsAt, description: "First come" },
  });
  expect(taken.status()).toBe(201);

  await page.getByLabel("What is the appointment about?").fill("Second try");
  await page.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("alert")).toHaveText("That time was just taken. Here are the free times now.");
  await expect(page.locator(".slots button").first()).not.toHaveText(label ?? "");
});

test("the account forms in Urdu pass axe, right to left, in both colour schemes", async ({
  page,
  request,
}) => {
  // The customer signs up through the API meanwhile.
  const signedUp = signedUpCustomer(request);
  await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
  await page.goto("/book/sign-up");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "اکاؤنٹ بنائیں" })).toBeVisible();
  await expectAccessibleInBothSchemes(page);
  // One page load: the other forms are opened by the site's own router, as its links do.
  const open = async (path: string, heading: string) => {
    await page.evaluate((to) => {
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    }, `/book${path}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  };
  await open("/verify-email?email=someone%40example.com", "اپنی ای میل کی تصدیق کریں");
  await expectAccessibleInBothSchemes(page);
  await open("/forgot-password", "پاس ورڈ بھول گئے؟");
  await expectAccessibleInBothSchemes(page);
  await open("/reset-password?token=not-a-real-one", "نیا پاس ورڈ منتخب کریں");
  await expectAccessibleInBothSchemes(page);

  // Sign-in, checked with a refusal's error showing.
  const me = await signedUp;
  await open("/sign-in?next=%2Faccount", "سائن اِن");
  await page.getByLabel("ای میل").fill(me.email);
  await page.getByLabel("پاس ورڈ").fill("not-the-password");
  await page.getByRole("button", { name: "سائن اِن" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectAccessibleInBothSchemes(page);
  await page.getByLabel("پاس ورڈ").fill(me.password);
  await page.getByRole("button", { name: "سائن اِن" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "میرا اکاؤنٹ" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectAccessibleInBothSchemes(page);
});

const today = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
const inDays = (days: number) =>
  new Date(Date.now() + 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test("a customer manages the account: details, CNIC for verification, devices, and deleting it for good", async ({
  page,
  request,
}) => {
  const me = await signedUpCustomer(request);
  await page.goto("/book/sign-in?next=%2Faccount");
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill(me.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  const details = page.getByRole("region", { name: "Your details" });
  await details.getByLabel("Phone number").fill("xyz");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  await details.getByLabel("Phone number").fill("+92 333 7654321");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByText("Your details are saved.")).toBeVisible();

  // A picture: shown here and in the header (behind its menu on a phone), then removed from both.
  await page.getByRole("button", { name: "Menu" }).click();
  const headerPicture = page.getByRole("link", { name: "My account" }).locator("img");
  await expect(headerPicture).toHaveCount(0);
  await details.getByLabel("A new picture").setInputFiles(CARD);
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByRole("img", { name: "Your picture" })).toBeVisible();
  await expect(headerPicture).toHaveAttribute("src", /\/files\/.+\.webp\?size=thumbnail$/);
  await expect(details.getByLabel("Phone number")).toHaveValue("+92 333 7654321");
  await details.getByRole("button", { name: "Remove the picture" }).click();
  await expect(details.getByText("Your picture is removed.")).toBeVisible();
  await expect(details.getByRole("img", { name: "No picture yet" })).toBeVisible();
  await expect(headerPicture).toHaveCount(0);

  const cnic = page.getByRole("region", { name: "CNIC" });
  await expect(cnic).toContainText("Not sent");
  await cnic.getByLabel("CNIC", { exact: true }).fill(me.cnic);
  await cnic.getByLabel("Front of the card").setInputFiles(CARD);
  await cnic.getByLabel("Back of the card").setInputFiles(CARD);
  await cnic.getByRole("button", { name: "Send for verification" }).click();
  await expect(cnic).toContainText("Waiting for staff");

  const devices = page.getByRole("region", { name: "Devices signed in" });
  await expect(devices.getByText("This device")).toBeVisible();
  // The API sign-in of the builder is another device, which can be signed out from here.
  await devices.getByRole("button", { name: "Sign out Pixel 8" }).click();
  await expect(devices.getByRole("button", { name: "Sign out Pixel 8" })).toHaveCount(0);
  await expectAccessibleInBothSchemes(page);

  const erase = page.getByRole("region", { name: "Delete my account" });
  await expect(erase).toContainText("This cannot be undone");
  await erase.getByRole("button", { name: "Delete my account" }).click();
  await erase.getByLabel("Password").fill(me.password);
  await erase.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByText("Your account is deleted.")).toBeVisible();
  const again = await request.post(`${CUSTOMER_API}/auth/sign-in`, {
    data: { email: me.email, password: me.password, deviceName: "Pixel 8" },
  });
  expect(again.status()).toBe(401);
});

test("installed, the site shows its offline page in the reader's language when the network fails, and works again online", async ({
  page,
  context,
}) => {
  await page.goto("/book/");
  await expect(page.getByRole("heading", { level: 1, name: "Find a visa consultant" })).toBeVisible();
  // The worker installs after the load and takes the page over.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
  });

  await context.setOffline(true);
  await page.goto("/book/appointments");
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  // The language chosen on the site, remembered: Urdu, right to left.
  await page.evaluate(() => localStorage.setItem("visadesk-book-language", "ur"));
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "آپ آف لائن ہیں" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeHidden();

  await context.setOffline(false);
  await page.evaluate(() => localStorage.setItem("visadesk-book-language", "en"));
  await page.getByRole("button", { name: "دوبارہ کوشش کریں" }).click();
  // Signed out, My appointments leads to signing in: the site itself is back.
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page).toHaveURL(/\/book\/sign-in\?next=%2Fappointments$/);
});
