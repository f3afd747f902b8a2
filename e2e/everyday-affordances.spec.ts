import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours, daysAhead } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

type Auth = { headers: Record<string, string> };

async function appUser(request: APIRequestContext, auth: Auth, userName: string) {
  const response = await request.post("/api/v2/User/adduser", {
    ...auth,
    multipart: {
      UserName: userName,
      Email: `${userName}@example.com`,
      FirstName: "Rana",
      LastName: "Iqbal",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic: `35201-${String(Date.now()).slice(-7)}-${Math.floor(Math.random() * 10)}`,
      Address: "1 Mall Road",
      Password: "rows-open-password",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string };
}

/** Whether a box lies wholly inside the window (nothing to scroll sideways to reach it). */
async function expectInViewport(
  page: Page,
  box: { x: number; y: number; width: number; height: number } | null,
) {
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size!.width);
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test.describe("record names are links and rows open their record", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("consultants: the name is a link (Tab, middle click), a click on the row opens it; checkbox, menu and text selection do not; Action in view at 1366 px", async ({
    page,
    request,
    adminAuth,
  }) => {
    const name = `Rowlink ${unique()}`;
    const consultant = await consultantWithHours(request, adminAuth, name);
    await page.goto(`/users?search=${encodeURIComponent(name)}`);
    const link = row(page, name).getByRole("link", { name });
    await expect(link).toHaveAttribute("href", `/edit-user/${consultant.guidId}`);
    await link.focus();
    await expect(link).toBeFocused();

    // A middle click opens the record in a new tab; this one stays on the list.
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click({ button: "middle" })]);
    await expect(tab).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));
    await tab.close();
    await expect(page).toHaveURL(/\/users\?/);

    // The row's Action button is on screen at 1366 × 768 without scrolling sideways.
    const actions = page.getByRole("button", { name: `Actions for ${name}` });
    await expectInViewport(page, await actions.boundingBox());

    // Its checkbox picks the row, its menu opens: neither opens the record.
    const box = page.getByRole("checkbox", { name: `Select ${name}` });
    await box.click();
    await expect(box).toBeChecked();
    // The link keeps its contrast on the picked row's tint.
    await expectNoA11yViolations(page);
    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
    // Escape closes the menu once the focus has moved into it (the menu takes it as it opens).
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]'))))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menuitem", { name: "Edit" })).toBeHidden();
    await expect(page).toHaveURL(/\/users\?/);

    // Selecting the email's text to copy it does not open the record either.
    const email = row(page, name).getByRole("cell").filter({ hasText: "@example.com" });
    const cell = await email.boundingBox();
    await page.mouse.move(cell!.x + 8, cell!.y + cell!.height / 2);
    await page.mouse.down();
    await page.mouse.move(cell!.x + cell!.width - 8, cell!.y + cell!.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).not.toBe("");
    await expect(page).toHaveURL(/\/users\?/);

    // A plain click anywhere else on the row opens it.
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await email.click();
    await expect(page).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));
  });

  test("app users: the username links to the record, a row click opens it, Action in view at 1366 px", async ({
    page,
    request,
    adminAuth,
  }) => {
    const userName = `rowlink${unique()}`;
    const user = await appUser(request, adminAuth, userName);
    await page.goto(`/app-users?search=${userName}`);
    const link = row(page, userName).getByRole("link", { name: userName });
    await expect(link).toHaveAttribute("href", `/edit-app-user/${user.guidId}`);
    await expectInViewport(
      page,
      await page.getByRole("button", { name: `Actions for ${userName}` }).boundingBox(),
    );
    await row(page, userName).getByRole("cell", { name: "+92 300 7654321" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-app-user/${user.guidId}$`));
  });

  test("appointments: a click on the row opens its details; its checkbox does not; the row's buttons are in view at 1366 px", async ({
    page,
    request,
    adminAuth,
  }) => {
    const name = `Rowdetails ${unique()}`;
    const consultant = await consultantWithHours(request, adminAuth, name);
    const date = daysAhead(30);
    const booked = await request.post("/api/v2/userAppointment", {
      ...adminAuth,
      data: {
        consultantId: consultant.guidId,
        appointmentDate: date,
        appointmentTime: "10:00",
        description: "Rows",
      },
    });
    expect(booked.status()).toBe(201);
    await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
    const appointment = row(page, name);
    await expectInViewport(
      page,
      await appointment.getByRole("button", { name: /^Delete appointment/ }).boundingBox(),
    );
    await appointment.getByRole("checkbox").click();
    await expect(page.getByRole("dialog", { name: "Appointment Details" })).toHaveCount(0);
    await appointment.getByRole("cell", { name: "Rows" }).click();
    await expect(page.getByRole("dialog", { name: "Appointment Details" })).toBeVisible();
  });
});

test("page size: 12 by default, 25/50/100 offered, kept in the address and remembered on the list", async ({
  page,
  request,
  adminAuth,
}) => {
  const prefix = `Pagesize ${unique()}`;
  for (let i = 0; i < 13; i++) {
    const response = await request.post("/api/v2/Consultants/register", {
      ...adminAuth,
      multipart: {
        Name: `${prefix} ${i}`,
        BusinessName: `${prefix} ${i} Visas`,
        ContactEmail: `pagesize${i}.${unique()}@example.com`,
        PhoneNumber: "+92 300 1234567",
      },
    });
    expect(response.status()).toBe(201);
  }
  const search = `/users?search=${encodeURIComponent(prefix)}`;
  const rows = page.getByRole("table", { name: "Consultants" }).getByRole("row").filter({ hasText: prefix });
  await page.goto(search);
  await expect(rows).toHaveCount(12);
  const size = page.getByRole("combobox", { name: "Rows per page" });
  await expect(size).toHaveValue("12");
  await expect(size.locator("option")).toHaveText(["12", "25", "50", "100"]);
  await size.selectOption("25");
  await expect(rows).toHaveCount(13);
  await expect(page).toHaveURL(/[?&]size=25(&|$)/);
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveCount(0);

  // Opened again without the size in the address: the list remembers the choice.
  await page.goto(search);
  await expect(rows).toHaveCount(13);
  await expect(size).toHaveValue("25");
  expect(await page.evaluate(() => localStorage.getItem("visadesk:page-size:/users"))).toBe("25");
  // The other lists keep their own size.
  const internal = page.waitForRequest((sent) => sent.url().includes("/api/v2/User/users?"));
  await page.goto("/internal-users");
  expect(new URL((await internal).url()).searchParams.get("pageSize")).toBe("12");

  // The server serves each offered size and refuses one above its maximum with a reason.
  for (const path of ["Consultants/consultants", "User/users", "userAppointment/appointments"]) {
    const ok = await request.get(`/api/v2/${path}?page=1&pageSize=100`, adminAuth);
    expect(ok.status(), path).toBe(200);
    const refused = await request.get(`/api/v2/${path}?page=1&pageSize=101`, adminAuth);
    expect(refused.status(), path).toBe(400);
    expect(JSON.stringify(await refused.json()), path).toMatch(/pageSize/i);
  }
});

test("a skip link is the first tab stop and moves the focus to the page's content", async ({ page }) => {
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Consultant", level: 2 })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expectInViewport(page, await skip.boundingBox());
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  // The next Tab is the page's first control, not the header's.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  await expect(page).toHaveURL(/\/users$/);
});

test("the side panel opens on a tab with content, and no menu item opens a placeholder", async ({ page }) => {
  await page.goto("/home");
  await page.getByRole("button", { name: "Open side panel" }).click();
  const panel = page.getByRole("dialog", { name: "Side panel" });
  await expect(panel.getByRole("tab", { name: "Alerts" })).toHaveAttribute("aria-selected", "true");
  // Real content: the latest alerts, or the words saying there are none yet.
  await expect(
    panel.getByRole("list", { name: "Your latest alerts" }).or(panel.getByText("No alerts yet.")),
  ).toBeVisible();
  await expect(panel.getByText("Coming soon")).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  await page.getByRole("button", { name: /Profile menu/ }).click();
  const menu = page.getByRole("dialog", { name: "Profile" });
  await expect(menu.getByRole("button", { name: "My Project" })).toBeDisabled();
  await expect(menu.getByRole("button", { name: "Message" })).toBeDisabled();
});

test.describe("dark-mode settings", () => {
  test.use({ colorScheme: "dark" });

  test("every text of Settings passes contrast in the dark scheme", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe("dark");
    await expectNoA11yViolations(page);
  });

  test("at 390 px the product name stays one line in the header", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings");
    const header = page.getByRole("banner");
    const logo = await header.getByRole("link", { name: "VisaDesk" }).boundingBox();
    const bar = await header.boundingBox();
    expect(logo).not.toBeNull();
    // One line of text: wider than tall, and inside the header's height.
    expect(logo!.width).toBeGreaterThan(logo!.height * 2);
    expect(logo!.height).toBeLessThanOrEqual(32);
    expect(logo!.y).toBeGreaterThanOrEqual(bar!.y);
    expect(logo!.y + logo!.height).toBeLessThanOrEqual(bar!.y + bar!.height);
    // Every header button is on screen too.
    for (const button of await header.getByRole("button").all()) {
      if (await button.isVisible()) await expectInViewport(page, await button.boundingBox());
    }
  });
});

test("calendar: one colour per consultant with its name in the legend, weeks start on Monday as the list's This week, a styled Day/Week/Month control, and it opens on the consultants last shown", async ({
  page,
  request,
  adminAuth,
}) => {
  const first = await consultantWithHours(request, adminAuth, `Colour One ${unique()}`);
  const second = await consultantWithHours(request, adminAuth, `Colour Two ${unique()}`);
  // A Wednesday well ahead: its week runs from the Monday two days before.
  const ahead = new Date(`${daysAhead(400)}T00:00:00Z`);
  ahead.setUTCDate(ahead.getUTCDate() + ((3 - ahead.getUTCDay() + 7) % 7));
  const date = ahead.toISOString().slice(0, 10);
  const monday = new Date(ahead.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  for (const [consultant, time] of [
    [first, "10:00"],
    [second, "11:00"],
  ] as const) {
    const booked = await request.post("/api/v2/userAppointment", {
      ...adminAuth,
      data: {
        consultantId: consultant.guidId,
        appointmentDate: date,
        appointmentTime: time,
        description: "Colours",
      },
    });
    expect(booked.status()).toBe(201);
  }
  await page.goto(
    `/user-appointments?view=calendar&mode=week&date=${date}&consultants=${first.guidId},${second.guidId}`,
  );
  const eventOf = (name: string) => page.getByRole("button", { name: new RegExp(`with ${name}`) });
  await expect(eventOf(first.name)).toBeVisible();
  await expect(eventOf(second.name)).toBeVisible();
  const background = (name: string) =>
    eventOf(name).evaluate(
      (element) => getComputedStyle(element.closest(".fc-event") ?? element).backgroundColor,
    );
  expect(await background(first.name)).not.toBe(await background(second.name));
  const legend = page.getByRole("group", { name: "Legend" });
  await expect(legend).toContainText(first.name);
  await expect(legend).toContainText(second.name);

  // The week is Monday to Sunday, the same week the list's This week names.
  await expect(page.locator('[role="cell"][data-date]').first()).toHaveAttribute("data-date", monday);

  // Day | Week | Month is a styled control: its radios are hidden behind the segments.
  const week = page.getByRole("radio", { name: "Week" });
  await expect(week).toBeChecked();
  expect((await week.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await expectNoA11yViolations(page);

  // Back on the list, the Calendar button opens the consultants last shown, not an empty grid.
  await page.goto("/user-appointments");
  await page.getByRole("button", { name: "Calendar", exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`consultants=${first.guidId}%2C${second.guidId}|consultants=${first.guidId},${second.guidId}`),
  );
  await expect(page.getByText("Choose one or more consultants")).toBeHidden();
});

test("appointment details name the customer and the consultant beside their ids; the list's User column shows the name above the email", async ({
  page,
  request,
  adminAuth,
}) => {
  const name = `Named ${unique()}`;
  const consultant = await consultantWithHours(request, adminAuth, name);
  const booked = await request.post("/api/v2/userAppointment", {
    ...adminAuth,
    data: {
      consultantId: consultant.guidId,
      appointmentDate: daysAhead(31),
      appointmentTime: "11:00",
      description: "Names",
    },
  });
  expect(booked.status()).toBe(201);
  const appointment = (await booked.json()) as { userId: string; userEmail: string; customerName: string };
  // The Admin booked it for themself: the first Admin's name.
  expect(appointment.customerName).toBe("First Admin");

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const user = row(page, name).getByRole("cell").filter({ hasText: appointment.userEmail });
  await expect(user).toHaveText(`First Admin${appointment.userEmail}`);
  await row(page, name)
    .getByRole("button", { name: /^View details of/ })
    .click();
  const details = page.getByRole("dialog", { name: "Appointment Details" });
  const term = (label: string) =>
    details.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(term("User ID")).toHaveText(appointment.userId);
  await expect(term("Customer")).toHaveText("First Admin");
  await expect(term("Consultant ID")).toHaveText(consultant.guidId);
  await expect(term("Consultant")).toHaveText(name);
  await expect(term("User Email")).toHaveText(appointment.userEmail);
});

test("calendar: each shown day without free times says why: fully booked, time off or closed", async ({
  page,
  request,
  adminAuth,
}) => {
  const name = `Why ${unique()}`;
  const registered = await request.post("/api/v2/Consultants/register", {
    ...adminAuth,
    multipart: {
      Name: name,
      BusinessName: `${name} Visas`,
      ContactEmail: `why.${unique()}@example.com`,
      PhoneNumber: "+92 300 1234567",
    },
  });
  expect(registered.status()).toBe(201);
  const consultant = (await registered.json()) as { guidId: string };
  // One slot on Mondays, a full Tuesday, closed the rest of the week.
  const timing = await request.post("/api/v2/Consultants/consultanttimings", {
    ...adminAuth,
    data: {
      id: 0,
      consultantId: consultant.guidId,
      monday: "09:00 - 09:30",
      tuesday: "09:00 - 17:00",
      wednesday: "",
      thursday: "",
      friday: "",
      saturday: "",
      sunday: "",
    },
  });
  expect(timing.status()).toBe(200);
  const start = new Date(`${daysAhead(300)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + ((8 - start.getUTCDay()) % 7));
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [monday, tuesday] = [day(0), day(1)];
  const booked = await request.post("/api/v2/userAppointment", {
    ...adminAuth,
    data: {
      consultantId: consultant.guidId,
      appointmentDate: monday,
      appointmentTime: "09:00",
      description: "Full",
    },
  });
  expect(booked.status()).toBe(201);
  const away = await request.post(`/api/v2/Consultants/${consultant.guidId}/time-off`, {
    ...adminAuth,
    data: { from: tuesday, to: tuesday, reason: "Embassy visit" },
  });
  expect(away.status()).toBe(201);

  await page.goto(
    `/user-appointments?view=calendar&mode=week&date=${monday}&consultants=${consultant.guidId}`,
  );
  const why = page.getByRole("list", { name: "No free times" });
  await expect(why.getByRole("listitem")).toHaveCount(7);
  await expect(why.getByRole("listitem").nth(0)).toHaveText(new RegExp(`^${name}: Mon .*, fully booked$`));
  await expect(why.getByRole("listitem").nth(1)).toHaveText(new RegExp(`^${name}: Tue .*, time off$`));
  await expect(why.getByRole("listitem").nth(2)).toHaveText(new RegExp(`^${name}: Wed .*, closed$`));
  await expectNoA11yViolations(page);
});
