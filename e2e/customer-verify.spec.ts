import type { APIRequestContext } from "@playwright/test";
import { CARD, CUSTOMER_API, signedUpCustomer } from "./support/customers";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

// A customer on a phone, signed in nowhere at first.
test.use({ viewport: { width: 375, height: 740 }, storageState: { cookies: [], origins: [] } });

test("the verify page asks for a new code, then counts down the minute before the next one", async ({
  page,
}) => {
  await page.goto(`/book/verify-email?email=${encodeURIComponent(`new-${unique()}@example.com`)}`);
  const resend = page.getByRole("button", { name: "Send me a new code" });
  await resend.click();
  // The API's own answer (the same for any address), then the wait, counting down.
  await expect(page.getByRole("status")).toContainText("a new code is on its way");
  await expect(resend).toBeDisabled();
  const wait = page.getByText(/You can ask for a new code in \d+ s\./);
  await expect(wait).toHaveText(/in (60|59) s\./);
  await expect(wait).toHaveText(/in (5[0-8]) s\./, { timeout: 5_000 });
  await expectNoA11yViolations(page);
});

test("in Urdu, asked too often (429), the verify page waits as long as the API's Retry-After says", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
  // The API's answer to a client over its limit, as its rate limit sends it.
  await page.route("**/api/customer/v1/auth/resend-code", (route) =>
    route.fulfill({
      status: 429,
      headers: { "content-type": "application/json", "retry-after": "42" },
      body: JSON.stringify({ message: "بہت زیادہ درخواستیں", error: "Too Many Requests", requestId: "r" }),
    }),
  );
  await page.goto("/book/verify-email?email=someone%40example.com");
  const resend = page.getByRole("button", { name: "مجھے نیا کوڈ بھیجیں" });
  await resend.click();
  await expect(page.getByRole("status")).toHaveText("بہت زیادہ درخواستیں");
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/آپ (42|41) سیکنڈ بعد نیا کوڈ مانگ سکتے ہیں۔/)).toBeVisible();
  await expectNoA11yViolations(page);
});

/** A customer whose CNIC staff rejected with `reason` (through the back-office API). */
async function customerWithRejectedCnic(
  request: APIRequestContext,
  adminAuth: { headers: Record<string, string> },
  reason: string,
) {
  const customer = await signedUpCustomer(request);
  const auth = { authorization: `Bearer ${customer.accessToken}` };
  const sent = await request.put(`${CUSTOMER_API}/me/cnic`, {
    headers: auth,
    multipart: { cnic: customer.cnic, cnicFront: CARD, cnicBack: CARD },
  });
  expect(sent.status()).toBe(200);
  const { guidId } = await (await request.get(`${CUSTOMER_API}/me`, { headers: auth })).json();
  const rejected = await request.post(`/api/v2/User/users/${guidId}/cnic-verification`, {
    ...adminAuth,
    data: { decision: "rejected", reason },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  return customer;
}

test("a rejected CNIC shows staff's reason on the account page", async ({ page, request, adminAuth }) => {
  const me = await customerWithRejectedCnic(request, adminAuth, "The back side is unreadable");
  await page.goto("/book/sign-in?next=%2Faccount");
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill(me.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const cnic = page.getByRole("region", { name: "CNIC" });
  await expect(cnic).toContainText("Rejected: send it again");
  await expect(cnic).toContainText("Staff's reason: The back side is unreadable");
  await expectNoA11yViolations(page);
});
