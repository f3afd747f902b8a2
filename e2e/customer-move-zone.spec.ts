import { consultantWithHours } from "./support/appointments";
import { CUSTOMER_API, signedUpCustomer } from "./support/customers";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A customer on a phone, signed in on the site by the test.
test.use({ viewport: { width: 375, height: 812 }, storageState: { cookies: [], origins: [] } });

const TEXTS = {
  en: {
    move: "Move to another time",
    moveTitle: "Choose the new time",
    moved: "Your appointment is moved to",
  },
  ur: { move: "دوسرے وقت پر منتقل کریں", moveTitle: "نیا وقت منتخب کریں", moved: "آپ کی اپائنٹمنٹ" },
} as const;

for (const language of ["en", "ur"] as const) {
  test(`moving an appointment offers the booking's time-zone choice, kept in the profile, in ${language}`, async ({
    page,
    request,
    adminAuth,
  }) => {
    const name = `Iqra Move ${unique()}`;
    const consultant = await consultantWithHours(request, adminAuth, name, "09:00 - 17:00", {
      IsApproved: "true",
    });
    const me = await signedUpCustomer(request);
    const auth = { headers: { authorization: `Bearer ${me.accessToken}` } };
    // A booking at the first free time of the last day offered, as the customer's zone (Karachi) shows it.
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const free = await request.get(
      `${CUSTOMER_API}/consultants/${consultant.guidId}/availability?from=${from}&to=${from}&timeZone=Asia/Karachi`,
    );
    const startsAt = (await free.json()).days[0].slots[0].startsAt as string;
    const booked = await request.post(`${CUSTOMER_API}/appointments`, {
      ...auth,
      data: { consultantId: consultant.guidId, startsAt, description: "Work visa" },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await page.addInitScript((chosen) => localStorage.setItem("visadesk-book-language", chosen), language);
    await page.goto("/book/sign-in?next=%2Fappointments");
    await page.locator("input[name='email']").fill(me.email);
    await page.locator("input[name='password']").fill(me.password);
    await page.locator("form button[type='submit']").click();
    const booking = page.getByRole("listitem").filter({ hasText: name });
    await booking.getByRole("button", { name: TEXTS[language].move }).click();
    const move = booking.getByRole("group", { name: TEXTS[language].moveTitle });
    const zone = move.locator(".zone-choice input");
    // The customer's own zone first: the consultant's 09:00 in Karachi.
    await expect(zone).toHaveValue("Asia/Karachi");
    await move.locator(".day-strip button:enabled").last().click();
    const first = move.locator(".slots button").first();
    await expect(first).toContainText("9:00");
    await zone.fill("Asia/Tokyo");
    await expect(move).toContainText("GMT+9");
    await move.locator(".day-strip button:enabled").last().click();
    // 09:00 in Karachi is 13:00 in Tokyo.
    await expect(first).toContainText("1:00");
    await expectNoA11yViolations(page);
    // The choice is the profile's, as on the booking's free times.
    await expect
      .poll(async () => (await (await request.get(`${CUSTOMER_API}/me`, auth)).json()).timeZone)
      .toBe("Asia/Tokyo");
    // Moved there: said on the page, in the page's language, the time as the chosen zone shows it.
    await first.click();
    await move.locator(".actions button:not(.secondary)").click();
    const said = page.getByRole("status");
    await expect(said).toContainText(TEXTS[language].moved);
    // The time isolated from the right-to-left text around it (Unicode's isolates) in Urdu.
    await expect(said).toContainText(language === "ur" ? /\u2066[^\u2069]*1:00/ : /at 1:00/);
  });
}
