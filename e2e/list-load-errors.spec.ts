import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** Answers the list's calls with a server error until `restore` is called. */
async function failCalls(page: Page, pattern: string | RegExp) {
  let calls = 0;
  const handler = (route: Parameters<Parameters<Page["route"]>[1]>[0]) => {
    if (route.request().method() !== "GET") return route.fallback();
    calls += 1;
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "The database is not answering" }),
    });
  };
  await page.route(pattern, handler);
  return {
    calls: () => calls,
    restore: () => page.unroute(pattern, handler),
  };
}

const toasts = (page: Page) => page.locator(".Toastify__toast");

const lists = [
  {
    name: "consultants",
    path: "/users",
    call: /\/api\/v2\/Consultants\/consultants(\?|$)/,
    title: "Error Loading Consultants",
    empty: "No Consultants found",
    // The spec names this list's load failure: one toast, not one per attempt.
    toast: "Failed to load Consultant data",
  },
  {
    name: "app users",
    path: "/app-users",
    call: /\/api\/v2\/User\/users\?.*role=AppUser/,
    title: "Error Loading App Users",
    empty: "No App Users found",
  },
  {
    name: "internal users",
    path: "/internal-users",
    call: /\/api\/v2\/User\/users\?.*role=internal/,
    title: "Error Loading Internal Users",
    empty: "No Internal Users found",
  },
  {
    name: "appointments",
    path: "/user-appointments",
    call: /\/api\/v2\/userAppointment\/appointments/,
    title: "Error Loading Appointments",
    empty: "No Appointments Found",
  },
];

for (const list of lists) {
  test(`the ${list.name} list shows the reason and Retry when its load fails, and Retry loads it`, async ({
    page,
  }) => {
    const failing = await failCalls(page, list.call);
    await page.goto(list.path);
    const error = page.getByRole("alert").filter({ hasText: list.title });
    await expect(error).toBeVisible();
    await expect(error).toContainText("Reason: The database is not answering");
    await expect(page.getByText(list.empty, { exact: true })).toBeHidden();
    await expect(page.getByRole("table")).toBeHidden();
    if (list.toast) await expect(toasts(page).filter({ hasText: list.toast })).toHaveCount(1);
    // At most one toast per failure, though the query tried twice.
    expect(failing.calls()).toBe(2);
    await expect(toasts(page)).toHaveCount(list.toast ? 1 : 0);
    await expectNoA11yViolations(page);

    await failing.restore();
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(error).toBeHidden();
    await expect(page.getByRole("table").or(page.getByText(list.empty, { exact: true }))).toBeVisible();
  });
}

test("a consultant's timings show the reason and Retry when the consultant cannot be loaded", async ({
  page,
  request,
  adminAuth,
}) => {
  const name = `Failing Timings ${unique()}`;
  const created = await request.post("/api/v2/Consultants/register", {
    ...adminAuth,
    multipart: {
      Name: name,
      BusinessName: name,
      ContactEmail: "timings@example.com",
      PhoneNumber: "+1 555 0100",
    },
  });
  expect(created.status()).toBe(201);
  const { guidId } = (await created.json()) as { guidId: string };

  const failing = await failCalls(page, `**/api/v2/Consultants/${guidId}`);
  await page.goto(`/consultant-timings/${guidId}`);
  // The error state, not the toast of the same words.
  const error = page
    .getByRole("alert")
    .filter({ hasText: "Failed to load consultant timings" })
    .filter({ has: page.getByRole("button", { name: "Retry" }) });
  await expect(error).toBeVisible();
  await expect(error).toContainText("Reason: The database is not answering");
  await expect(page.getByText('No timings found. Click "Add Timing" to get started.')).toBeHidden();
  await expect(toasts(page).filter({ hasText: "Failed to load consultant timings" })).toHaveCount(1);

  await failing.restore();
  await error.getByRole("button", { name: "Retry" }).click();
  await expect(error).toBeHidden();
  await expect(page.getByText('No timings found. Click "Add Timing" to get started.')).toBeVisible();
});
