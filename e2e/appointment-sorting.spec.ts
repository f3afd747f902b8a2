import { consultantWithHours, daysAhead } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

test("the appointments list sorts by its User column both ways, kept in the URL", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Sorting ${tag}`);
  const times = { b: "10:00", c: "10:30", a: "11:00" };
  for (const [letter, time] of Object.entries(times)) {
    const userName = `${letter}sort${tag}`;
    const added = await request.post("/api/v2/User/adduser", {
      headers: adminAuth.headers,
      multipart: {
        UserName: userName,
        Email: `${userName}@example.com`,
        FirstName: "Sort",
        LastName: letter.toUpperCase(),
        PhoneNumber: "+92 300 7654321",
        DateOfBirth: "1990-01-01",
        cnic: `3760${letter.charCodeAt(0) % 10}-${String(Date.now()).slice(-7)}-${letter.charCodeAt(0) % 10}`,
        Address: "1 Mall Road",
        Password: "sorting-customer-password",
      },
    });
    expect(added.status()).toBe(201);
    const booked = await request.post("/api/v2/userAppointment", {
      ...adminAuth,
      data: {
        consultantId: consultant.guidId,
        userId: (await added.json()).guidId,
        appointmentDate: daysAhead(3),
        appointmentTime: time,
        description: `Sorted ${letter}`,
      },
    });
    expect(booked.status()).toBe(201);
  }

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const table = page.getByRole("table", { name: "User appointments" });
  const order = async () =>
    (await table.locator("tbody tr").allInnerTexts()).map((text) => /([abc])sort/.exec(text)?.[1]);
  // Soonest first until a header is chosen.
  await expect.poll(order).toEqual(["b", "c", "a"]);
  const header = table.getByRole("columnheader", { name: "User" });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button", { name: "User" }).click();
  await expect(page).toHaveURL(/[?&]sort=customer(&|$)/);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(order).toEqual(["a", "b", "c"]);
  await expectNoA11yViolations(page);

  await header.getByRole("button", { name: "User" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]sort=-customer(&|$)/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect.poll(order).toEqual(["c", "b", "a"]);
});
