import type { APIRequestContext } from "@playwright/test";
import { consultantWithHours, daysAhead } from "./support/appointments";
import { CARD, CUSTOMER_API, signedUpCustomer } from "./support/customers";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

/** As above, who then sent the CNIC (waiting for staff). */
async function customerWithPendingCnic(request: APIRequestContext) {
  const customer = await signedUpCustomer(request);
  const cnic = await request.put(`${CUSTOMER_API}/me/cnic`, {
    headers: { authorization: `Bearer ${customer.accessToken}` },
    multipart: { cnic: customer.cnic, cnicFront: CARD, cnicBack: CARD },
  });
  expect(cnic.status()).toBe(200);
  return customer;
}

test("staff find a customer's CNIC in the verification queue, verify it, and sign the customer out everywhere", async ({
  page,
  request,
}) => {
  const customer = await customerWithPendingCnic(request);
  await page.goto(`/app-users?verification=pending&search=${customer.userName}`);
  await expect(page.getByLabel("CNIC check")).toHaveValue("pending");
  await page.getByRole("link", { name: customer.userName }).click();

  const panel = page.getByRole("region", { name: "Customer account" });
  await expect(panel).toContainText("CNIC check: Pending");
  await expect(panel.getByRole("listitem")).toContainText("Pixel 8");
  await expectNoA11yViolations(page);
  await panel.getByRole("button", { name: "Verify CNIC" }).click();
  await expect(page.getByText("The CNIC is verified")).toBeVisible();
  await expect(panel).toContainText("CNIC check: Verified");
  await expect(panel.getByRole("button", { name: "Verify CNIC" })).toHaveCount(0);

  await panel.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere" });
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("The customer is signed out of 1 device")).toBeVisible();
  await expect(panel).toContainText("Not signed in on any device");
  const me = await request.get(`${CUSTOMER_API}/me`, {
    headers: { authorization: `Bearer ${customer.accessToken}` },
  });
  expect(me.status()).toBe(401);

  // Verified, they have left the queue.
  await page.goto(`/app-users?verification=pending&search=${customer.userName}`);
  await expect(page.getByRole("link", { name: customer.userName })).toHaveCount(0);
});

test("a rejection asks the reason the customer is mailed", async ({ page, request }) => {
  const customer = await customerWithPendingCnic(request);
  await page.goto(`/app-users?verification=pending&search=${customer.userName}`);
  await page.getByRole("link", { name: customer.userName }).click();
  const panel = page.getByRole("region", { name: "Customer account" });
  await panel.getByRole("button", { name: "Reject CNIC" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject the CNIC" });
  await dialog.getByRole("button", { name: "Reject CNIC" }).click();
  await expect(dialog).toContainText("Give a reason: it is sent to the customer");
  await dialog.getByLabel("Reason").fill("The back side is unreadable");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Reject CNIC" }).click();
  await expect(panel).toContainText("CNIC check: Rejected");
  await expect
    .poll(() =>
      sentMails().some(
        (text) => text.includes(customer.email) && text.includes("The back side is unreadable"),
      ),
    )
    .toBe(true);
});

test("a customer's own booking shows on the open appointments screen within seconds, marked, with a notification", {
  tag: "@live",
}, async ({ page, request, adminAuth }) => {
  const consultant = await consultantWithHours(request, adminAuth, `Live Advisers ${unique()}`, undefined, {
    IsApproved: "true",
  });
  expect(consultant.timeZone).toBe("Asia/Karachi");
  const customer = await signedUpCustomer(request);
  // Other tests' customers book meanwhile (their rows fill more than a page): the list is this test's consultant's.
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await expect(page.getByRole("heading", { name: "User Appointments" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: consultant.name });
  await expect(row).toHaveCount(0);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();

  const booked = await request.post(`${CUSTOMER_API}/appointments`, {
    headers: { authorization: `Bearer ${customer.accessToken}` },
    data: {
      consultantId: consultant.guidId,
      startsAt: `${daysAhead(3)}T10:00:00+05:00`,
      description: "Family visit visa",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // No reload and no click: the server tells the open screen (the list's cache would keep it 5 minutes).
  await expect(row.getByText("Booked by the customer")).toBeVisible({ timeout: 5_000 });
  await bell.click();
  const menu = page.getByRole("dialog", { name: "Notifications" });
  await expect(
    menu.getByRole("button", { name: new RegExp(`^New booking from Hina Qureshi.*${consultant.name}`) }),
  ).toBeVisible();
  await expect(menu).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
});
