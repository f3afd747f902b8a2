import type { Locator, Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { signedUpCustomer, signUpDetails } from "./support/customers";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A customer on a phone, signed in nowhere at first.
test.use({ viewport: { width: 375, height: 740 }, storageState: { cookies: [], origins: [] } });

const OFFLINE =
  "You're offline: nothing was sent. What you typed is kept: try again once you're back online.";

const inUrdu = (page: Page) => page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));

/** Where a piece of text inside an element starts on screen (its first glyph's left edge). */
const leftOf = (element: Locator, text: string) =>
  element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, text);

test("signing in while offline frees the button, says so and keeps what was typed; back online, Try again signs in", async ({
  page,
  context,
  request,
}) => {
  const me = await signedUpCustomer(request);
  await page.goto("/book/sign-in");
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill(me.password);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText(OFFLINE);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  await expect(page.getByLabel("Email")).toHaveValue(me.email);
  await expect(page.getByLabel("Password")).toHaveValue(me.password);
  await expectNoA11yViolations(page);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Find a visa consultant" })).toBeVisible();
});

test("booking while offline frees the button with the reason and keeps the description; back online, Try again books it", async ({
  page,
  context,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(
    request,
    adminAuth,
    `Offline Advisers ${unique()}`,
    undefined,
    {
      IsApproved: "true",
    },
  );
  const me = await signedUpCustomer(request);
  await page.goto(`/book/sign-in?next=${encodeURIComponent(`/consultants/${consultant.guidId}`)}`);
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill(me.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const freeTimes = page.getByRole("region", { name: "Free times" });
  await freeTimes.locator(".day-strip button:enabled").last().click();
  await freeTimes.locator(".slots button").first().click();
  await page.getByLabel("What is the appointment about?").fill("Work permit for Germany");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Book this time" }).click();
  await expect(freeTimes.getByRole("alert")).toContainText(OFFLINE);
  await expect(page.getByRole("button", { name: "Book this time" })).toBeEnabled();
  await expect(page.getByLabel("What is the appointment about?")).toHaveValue("Work permit for Germany");
  await expectNoA11yViolations(page);
  // The notice and its retry read in the dark scheme too.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .toBe("rgb(17, 22, 20)");
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "light" });

  await context.setOffline(false);
  await freeTimes.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Booked" })).toBeVisible();
});

test("a call the server fails (a proxy's error page) is said so, the button freed and the form kept; sent again, it goes through", async ({
  page,
}) => {
  const me = signUpDetails();
  await page.goto("/book/sign-up");
  await page.getByLabel("First name").fill(me.firstName);
  await page.getByLabel("Last name").fill(me.lastName);
  await page.getByLabel("User name").fill(me.userName);
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Phone number").fill(me.phoneNumber);
  await page.getByLabel("Date of birth").fill(me.dateOfBirth);
  await page.getByLabel("CNIC").fill(me.cnic.replaceAll("-", ""));
  await page.getByLabel("Address").fill(me.address);
  await page.getByLabel("Password").fill(me.password);
  await page.route("**/api/customer/v1/auth/sign-up", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }),
  );
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Something went wrong on our side: try again in a moment. What you typed is kept.",
  );
  await expect(page.getByRole("button", { name: "Create my account" })).toBeEnabled();
  await expect(page.getByLabel("CNIC")).toHaveValue(me.cnic);
  await expect(page.getByLabel("Address")).toHaveValue(me.address);

  await page.unroute("**/api/customer/v1/auth/sign-up");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/book\/verify-email\?email=/);
});

test("in Urdu the site's own messages check a form (never the browser's), and the CNIC takes 13 plain digits, dashed as typed", async ({
  page,
}) => {
  await inUrdu(page);
  await page.goto("/book/sign-up");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "میرا اکاؤنٹ بنائیں" }).click();
  const firstName = page.getByLabel("پہلا نام");
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toBeFocused();
  await expect(page.locator(".field").filter({ has: firstName })).toContainText("یہ خانہ پُر کریں۔");
  await expect(page.locator("main")).not.toContainText("Please");

  const cnic = page.getByLabel("شناختی کارڈ");
  await expect(cnic).toHaveAttribute("inputmode", "numeric");
  await cnic.fill("12345");
  await page.getByRole("button", { name: "میرا اکاؤنٹ بنائیں" }).click();
  const cnicError = page.locator(".field").filter({ has: cnic }).locator(".field-error");
  await expect(cnicError).toContainText("اپنے شناختی کارڈ کے 13 ہندسے درج کریں، جیسے");
  await expect(cnicError).toContainText("12345-1234567-1");
  await expect(cnic).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  // Typed digit by digit on a keypad without a dash, and pasted whole: the card's form either way.
  await cnic.fill("");
  await cnic.pressSequentially("3520212345673");
  await expect(cnic).toHaveValue("35202-1234567-3");
  await cnic.fill("1234512345671");
  await expect(cnic).toHaveValue("12345-1234567-1");
  await page.getByRole("button", { name: "میرا اکاؤنٹ بنائیں" }).click();
  await expect(page.locator(".field").filter({ has: cnic }).locator(".field-error")).toHaveCount(0);
});

test("in Urdu a time range and a phone number read left to right, each isolated from the Urdu around it", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(
    request,
    adminAuth,
    `Bidi Advisers ${unique()}`,
    "10:00 - 13:00",
    {
      IsApproved: "true",
    },
  );
  await inUrdu(page);
  await page.goto(`/book/consultants/${consultant.guidId}`);
  const monday = page.getByRole("table").getByRole("row").first();
  await expect(monday).toContainText("پیر");
  const range = monday.locator("bdi");
  await expect(range).toHaveText(/^10:00\sAM – 1:00\sPM$/);
  await expect(range).toHaveCSS("unicode-bidi", "isolate");
  await expect(range).toHaveCSS("direction", "ltr");
  // On screen: the start, then the end, left to right, "AM" after its own time.
  const start = await leftOf(range, "10:00");
  const am = await leftOf(range, "AM");
  const end = await leftOf(range, "1:00");
  expect(start < am && am < end).toBe(true);

  await page.goto("/book/sign-up");
  const phoneHint = page
    .locator(".field")
    .filter({ has: page.getByLabel("فون نمبر") })
    .locator("bdi");
  await expect(phoneHint).toHaveText("+92 300 1234567");
  await expect(phoneHint).toHaveCSS("unicode-bidi", "isolate");
  const plus = await leftOf(phoneHint, "+92");
  const network = await leftOf(phoneHint, "300");
  const line = await leftOf(phoneHint, "1234567");
  expect(plus < network && network < line).toBe(true);
});

test("free times that could not be loaded say so with a retry, which loads them", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Retry Advisers ${unique()}`, undefined, {
    IsApproved: "true",
  });
  const me = await signedUpCustomer(request);
  await page.route("**/availability?*", (route) => route.abort("connectionreset"));
  await page.goto(`/book/sign-in?next=${encodeURIComponent(`/consultants/${consultant.guidId}`)}`);
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill(me.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const freeTimes = page.getByRole("region", { name: "Free times" });
  await expect(freeTimes.getByRole("alert")).toContainText("The free times could not be loaded.");
  await expectNoA11yViolations(page);

  await page.unroute("**/availability?*");
  await freeTimes.getByRole("button", { name: "Try again" }).click();
  await expect(freeTimes.locator(".slots button").first()).toBeVisible();
  await expect(freeTimes.getByRole("alert")).toHaveCount(0);
});
