import { expect, test, unique } from "./support/fixtures";

test("a save made offline fails at once with Network Error, and is not replayed when the network returns", async ({
  page,
  context,
  request,
  adminAuth,
}) => {
  const name = `Offline ${unique()}`;
  const created = await request.post("/api/v2/Consultants/register", {
    headers: adminAuth.headers,
    multipart: {
      Name: name,
      BusinessName: "Unplugged Visas",
      ContactEmail: "unplugged@example.com",
      PhoneNumber: "+1 555 0101",
    },
  });
  expect(created.status()).toBe(201);
  const { guidId } = (await created.json()) as { guidId: string };

  // The toasts' library arrives when the screen is first idle (not with the first paint): a save made
  // offline before it came could say nothing, so the test goes offline only once it has.
  const toastsLoaded = page.waitForResponse((response) =>
    /\/assets\/toast-host-[^/]+\.js$/.test(response.url()),
  );
  await page.goto(`/edit-user/${guidId}`);
  const nameInput = page.getByRole("textbox", { name: /^Name/ });
  await expect(nameInput).toHaveValue(name);
  await nameInput.fill(`${name} (offline edit)`);

  // Everything the screen loads has arrived, as it has long before anyone's network drops.
  await page.waitForLoadState("networkidle");
  await toastsLoaded;
  await context.setOffline(true);
  // The shell says why nothing can be saved, for as long as it lasts.
  const offline = page.getByRole("status").filter({ hasText: "You're offline" });
  await expect(offline).toBeVisible();
  await page.getByRole("button", { name: "Update Consultant" }).click();
  // One toast: the spec's text for a failed update, and the transport's reason beneath it.
  const toast = page.getByRole("alert").filter({ hasText: "Failed to update Consultant" });
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText("Network Error");
  // It sits beneath the header, never over its menus.
  const header = await page.getByRole("banner").boundingBox();
  const toastBox = await toast.boundingBox();
  expect(toastBox?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  // The form is usable again and keeps what was typed.
  await expect(page.getByRole("button", { name: "Update Consultant" })).toBeEnabled();
  await expect(nameInput).toHaveValue(`${name} (offline edit)`);

  // Back online, the person saves again on purpose: exactly one save reaches the server. A replayed first
  // save would have taken version 1, and this one would then be refused as stale.
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await page.getByRole("button", { name: "Update Consultant" }).click();
  await expect(page).toHaveURL(/\/users$/);
  const stored = await request.get(`/api/v2/Consultants/${guidId}`, { headers: adminAuth.headers });
  expect(await stored.json()).toMatchObject({ name: `${name} (offline edit)`, version: 2 });
});

test("Back after a save returns to where the person came from, not to the saved form", async ({
  page,
  request,
  adminAuth,
}) => {
  const name = `Back ${unique()}`;
  const created = await request.post("/api/v2/Consultants/register", {
    headers: adminAuth.headers,
    multipart: {
      Name: name,
      BusinessName: "Round Trip Visas",
      ContactEmail: "round.trip@example.com",
      PhoneNumber: "+1 555 0102",
    },
  });
  const { guidId } = (await created.json()) as { guidId: string };

  await page.goto("/home");
  await page.goto(`/edit-user/${guidId}`);
  await page.getByRole("textbox", { name: /^Name/ }).fill(`${name} (saved)`);
  await page.getByRole("button", { name: "Update Consultant" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
});

test("a page opened offline says so inside the shell, and appears by itself when the network returns", async ({
  page,
  context,
}) => {
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  const nav = page.getByRole("navigation", { name: "Navigation" });
  await nav.getByRole("button", { name: "Manage App Users" }).click();
  await nav.getByRole("link", { name: "App Users" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "You're offline" });
  await expect(failure.getByRole("button", { name: "Retry" })).toBeVisible();
  // In the shell: the header and the navigation stay, and lead back.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(nav.getByRole("link", { name: "App Users" })).toHaveAttribute("aria-current", "page");
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.goForward();
  await expect(failure).toBeVisible();

  // No click: the browser's online event brings the page.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "App Users" })).toBeVisible({ timeout: 5000 });
  await expect(failure).toBeHidden();
});

test("a page whose file a new deploy replaced offers Reload inside the shell", async ({ page }) => {
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // As after a deploy: the open app names a file the server no longer has.
  const replaced = /\/assets\/internal-user-list-page-[\w-]+\.js$/;
  await page.route(replaced, (route) => route.fulfill({ status: 404, body: "Not found" }));
  const nav = page.getByRole("navigation", { name: "Navigation" });
  await nav.getByRole("button", { name: "Manage Internal Users" }).click();
  await nav.getByRole("link", { name: "Internal Users" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "A new version is available" });
  await expect(failure.getByRole("button", { name: "Reload" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toBeHidden();

  await page.unroute(replaced);
  await failure.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Internal Users" })).toBeVisible();
});
