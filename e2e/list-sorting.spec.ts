import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

test("a column header sorts the consultants list both ways, by mouse and keyboard, kept in the URL", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  for (const letter of ["b", "c", "a"]) {
    const response = await request.post("/api/v2/Consultants/register", {
      headers: adminAuth.headers,
      multipart: {
        Name: `Sorted ${tag} ${letter}`,
        BusinessName: `Sorting Agency ${tag}`,
        ContactEmail: `sorted.${letter}.${tag}@example.com`,
        PhoneNumber: "+1 555 0100",
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/users?search=${encodeURIComponent(`Sorted ${tag}`)}`);
  const table = page.getByRole("table", { name: "Consultants" });
  const names = () => table.locator("tbody tr").allInnerTexts();
  const order = async () => (await names()).map((text) => /Sorted \S+ ([abc])/.exec(text)?.[1]);
  // Newest first until a header is chosen.
  await expect.poll(order).toEqual(["a", "c", "b"]);
  const header = table.getByRole("columnheader", { name: "Consultant" });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button", { name: "Consultant" }).click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(order).toEqual(["a", "b", "c"]);
  await expectNoA11yViolations(page);

  // The keyboard: the header's button is focusable and Enter flips the order.
  await header.getByRole("button", { name: "Consultant" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect.poll(order).toEqual(["c", "b", "a"]);

  // Another column's header says it is not the order.
  await expect(table.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "none");
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Consultant" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect.poll(order).toEqual(["c", "b", "a"]);
});
