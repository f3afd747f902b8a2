import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { CARD, CUSTOMER_API, signedUpCustomer } from "./support/customers";
import { expect, test, unique } from "./support/fixtures";

// A customer on a phone, signed in nowhere at first: the customer site under /book.
test.use({ viewport: { width: 375, height: 740 }, storageState: { cookies: [], origins: [] } });

type Auth = { headers: Record<string, string> };

/** Signs in on the site's own form, landing on `next`, in the language chosen beforehand. */
async function signIn(page: Page, me: { email: string; password: string }, next: string) {
  await page.goto(`/book/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator("input[name='email']").fill(me.email);
  await page.locator("input[name='password']").fill(me.password);
  await page.locator("form button[type='submit']").click();
  await expect(page).toHaveURL(new RegExp(`/book${next}$`));
}

/** Marks the page, so the test can tell that what it shows changed without the page being loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { sameVisit: true }));
const samePage = (page: Page) => page.evaluate(() => "sameVisit" in window);

/** A booking of the customer's, waiting for staff's confirmation: its guidId. */
async function pendingBooking(request: APIRequestContext, adminAuth: Auth, accessToken: string) {
  const made = await consultantWithHours(request, adminAuth, `Live Consultant ${unique()}`, "09:00 - 17:00", {
    IsApproved: "true",
  });
  const headers = { authorization: `Bearer ${accessToken}` };
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const free = await request.get(
    `${CUSTOMER_API}/consultants/${made.guidId}/availability?from=${from}&to=${to}`,
    {
      headers,
    },
  );
  const slots: { startsAt: string }[] = (await free.json()).days.flatMap(
    (day: { slots: unknown[] }) => day.slots,
  );
  const booked = await request.post(`${CUSTOMER_API}/appointments`, {
    headers,
    data: { consultantId: made.guidId, startsAt: slots[0]?.startsAt, description: "Study visa" },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()).guidId as string;
}

test("My appointments shows staff's confirmation within 5 s, without a reload", async ({
  page,
  request,
  adminAuth,
}) => {
  const me = await signedUpCustomer(request);
  const guidId = await pendingBooking(request, adminAuth, me.accessToken);
  await signIn(page, me, "/appointments");
  const status = page.locator(".booking .status");
  await expect(status).toHaveText("Waiting for confirmation");
  await markPage(page);
  // The stream is open once the page is told of changes: give it a moment to connect.
  await page.waitForTimeout(1_500);

  const current = await request.get(`/api/v2/userAppointment/${guidId}`, adminAuth);
  const confirmed = await request.put("/api/v2/userAppointment/update-appointment", {
    ...adminAuth,
    data: { ...(await current.json()), isConfirmed: true },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(status).toHaveText("Confirmed", { timeout: 5_000 });
  expect(await samePage(page)).toBe(true);
});

test("in Urdu, the account page shows staff's verification of the CNIC within 5 s, without a reload", async ({
  page,
  request,
  adminAuth,
}) => {
  const me = await signedUpCustomer(request);
  const auth = { authorization: `Bearer ${me.accessToken}` };
  const sent = await request.put(`${CUSTOMER_API}/me/cnic`, {
    headers: auth,
    multipart: { cnic: me.cnic, cnicFront: CARD, cnicBack: CARD },
  });
  expect(sent.status()).toBe(200);
  const { guidId } = await (await request.get(`${CUSTOMER_API}/me`, { headers: auth })).json();

  await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
  await signIn(page, me, "/account");
  const cnic = page.getByRole("region", { name: "شناختی کارڈ" });
  await expect(cnic).toContainText("عملے کی تصدیق کا انتظار");
  await markPage(page);
  await page.waitForTimeout(1_500);

  const verified = await request.post(`/api/v2/User/users/${guidId}/cnic-verification`, {
    ...adminAuth,
    data: { decision: "verified" },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await expect(cnic).toContainText("تصدیق شدہ", { timeout: 5_000 });
  await expect(cnic).not.toContainText("عملے کی تصدیق کا انتظار");
  expect(await samePage(page)).toBe(true);
});
