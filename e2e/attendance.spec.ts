import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** Today's date in the server's business zone (Asia/Karachi, the default): appointment dates are local. */
const todayInKarachi = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());

test("staff mark a started appointment No-show with the keyboard, filter the list by it and see the consultant's and the app user's counts", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const name = `No Show ${u}`;
  const registered = await request.post("/api/v2/Consultants/register", {
    ...adminAuth,
    multipart: {
      Name: name,
      BusinessName: `${name} Visa Services`,
      ContactEmail: `no.show.${u}@example.com`,
      PhoneNumber: "+92 300 1234567",
    },
  });
  expect(registered.status()).toBe(201);
  const consultant = (await registered.json()) as { guidId: string };
  // Open round the clock, so an appointment at midnight today has started whenever the test runs.
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  const timing = await request.post("/api/v2/Consultants/consultanttimings", {
    ...adminAuth,
    data: {
      id: 0,
      consultantId: consultant.guidId,
      ...Object.fromEntries(days.map((day) => [day, "00:00 - 24:00"])),
    },
  });
  expect(timing.status()).toBe(200);
  const added = await request.post("/api/v2/User/adduser", {
    ...adminAuth,
    multipart: {
      UserName: `noshow${u}`,
      Email: `noshow${u}@example.com`,
      FirstName: "Absent",
      LastName: "Customer",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic: `3520${u.length % 10}-${String(Date.now()).slice(-7)}-3`,
      Address: "1 Mall Road",
      Password: "no-show-password",
    },
  });
  expect(added.status()).toBe(201);
  const customer = (await added.json()) as { guidId: string };
  const booked = await request.post("/api/v2/userAppointment", {
    ...adminAuth,
    data: {
      userid: customer.guidId,
      consultantId: consultant.guidId,
      appointmentDate: todayInKarachi(),
      appointmentTime: "00:00",
      description: `Attendance ${u}`,
      isConfirmed: true,
    },
  });
  expect(booked.status()).toBe(201);

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await page.getByRole("button", { name: /^View details of appointment/ }).click();
  const details = page.getByRole("dialog", { name: "Appointment Details" });
  await expect(details).toHaveCSS("opacity", "1");
  await expect(details.getByText("Not recorded")).toBeVisible();
  // Its 24-hour reminder's time had passed at booking: there is none.
  await expect(details.getByText("None", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  const noShow = details.getByRole("button", { name: "Mark No-show" });
  await noShow.focus();
  await page.keyboard.press("Enter");
  await expect(noShow).toHaveAttribute("aria-pressed", "true");
  await expect(details.getByText("No-show", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // The list's attendance filter, kept in the URL.
  await page.getByRole("combobox", { name: "Attendance" }).selectOption("NoShow");
  await expect(page).toHaveURL(/attendance=NoShow/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await page.getByRole("combobox", { name: "Attendance" }).selectOption("Attended");
  await expect(page.getByText("No appointments match the selected filters.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/edit-user/${consultant.guidId}`);
  await expect(page.getByText("No-shows: 1")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto(`/edit-app-user/${customer.guidId}`);
  await expect(page.getByText("No-shows: 1")).toBeVisible();
  await expectNoA11yViolations(page);
});
