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

  await page.goto(`/edit-user/${guidId}`);
  const nameInput = page.getByRole("textbox", { name: /^Name/ });
  await expect(nameInput).toHaveValue(name);
  await nameInput.fill(`${name} (offline edit)`);

  // Everything the screen loads has arrived, as it has long before anyone's network drops.
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
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
