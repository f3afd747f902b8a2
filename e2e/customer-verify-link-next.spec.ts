import { consultantWithHours } from "./support/appointments";
import { mailedCode, signUpDetails } from "./support/customers";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

// A visitor on a phone, signed in nowhere.
test.use({ viewport: { width: 375, height: 812 }, storageState: { cookies: [], origins: [] } });

const FREE_TIMES = { en: "Free times", ur: "خالی اوقات" } as const;

/** The verification link of the latest mail to the address, as a path of the site. */
async function mailedLink(email: string): Promise<string> {
  await mailedCode(email);
  const mail = sentMails()
    .filter((text) => text.includes(email) && /verify-email\?/.test(text))
    .at(-1);
  const link = /https?:\/\/[^\s"<>]+\/verify-email\?[^\s"<>]+/.exec(mail?.replace(/=\r?\n/g, "") ?? "")?.[0];
  expect(link).toBeDefined();
  const url = new URL((link as string).replaceAll("&amp;", "&").replaceAll("=3D", "="));
  return `${url.pathname}${url.search}`;
}

for (const language of ["en", "ur"] as const) {
  test(`a time chosen before signing up is held when the address is verified from the mailed link, in ${language}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const made = await consultantWithHours(request, adminAuth, `Hina Link ${unique()}`, "09:00 - 17:00", {
      IsApproved: "true",
    });
    const me = signUpDetails(language);
    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto(`/book/consultants/${made.guidId}`);
    const freeTimes = page.getByRole("region", { name: FREE_TIMES[language] });
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

    // The customer opens the mail's link instead (it carries no `next`) in the same browser.
    const link = await mailedLink(me.email);
    expect(link).not.toContain("next=");
    await page.goto(link);
    await page.locator("form button[type='submit']").click();
    const signIn = page.locator("main a.button-link[href*='/sign-in']");
    await expect(signIn).toBeVisible();
    await expectNoA11yViolations(page);
    await signIn.click();
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    await expect(page).toHaveURL(new RegExp(`/book/consultants/${made.guidId}\\?at=`));
    expect(new URL(page.url()).searchParams.get("at")).toBe(startsAt);
    await expect(freeTimes.locator(".slots button[aria-pressed='true']")).toHaveCount(1);
  });
}
