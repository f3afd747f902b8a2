import { activeStaff, registerStaff, signedOutPage, signInAs } from "./support/accounts";
import { consultantWithHours, expectDialogAccessible } from "./support/appointments";
import { expect, expectNoA11yViolations, sessionHeaders, test, unique } from "./support/fixtures";

const bell = (page: import("@playwright/test").Page) => page.getByRole("button", { name: /^Notifications/ });

test.describe("awareness", () => {
  test("a registration gives the Admin a notification that leads to its approval, then clears", async ({
    page,
    request,
  }) => {
    const account = await registerStaff(request);
    await page.goto("/home");
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    await bell(page).click();
    const menu = page.getByRole("dialog", { name: "Notifications" });
    const item = menu.getByRole("button", {
      name: new RegExp(`Registration waiting for approval.*${account.email}`),
    });
    await expect(item).toBeVisible();
    await expectDialogAccessible(page, "Notifications");
    await item.click();

    await expect(page).toHaveURL(new RegExp(`/internal-users\\?search=${encodeURIComponent(account.email)}`));
    await page.getByRole("button", { name: `Approve ${account.userName}` }).click();
    await expect(page.getByRole("button", { name: `Approve ${account.userName}` })).toBeHidden();

    await bell(page).click();
    await expect(menu.getByRole("button", { name: "See all notifications" })).toBeVisible();
    await expect(menu.getByText(account.email, { exact: false })).toHaveCount(0);
  });

  test("See all notifications opens the full list, which can be marked read", async ({ page, request }) => {
    await registerStaff(request);
    await page.goto("/home");
    await bell(page).click();
    await page
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("button", { name: "See all notifications" })
      .click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "All notifications" }).getByRole("listitem").first(),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByText("All read")).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Notifications");
  });

  test("a task added on the dashboard is there after signing out and in again", async ({
    browser,
    request,
    adminAuth,
  }) => {
    const staff = await activeStaff(request, adminAuth.headers);
    const page = await signedOutPage(browser);
    await signInAs(page, staff);
    await page.goto("/home");
    const title = `Call the applicant ${unique()}`;
    await page.getByRole("button", { name: "+ Add Task" }).click();
    const drawer = page.getByRole("dialog", { name: "Add Task" });
    await drawer.getByRole("textbox", { name: "Task" }).fill(title);
    await expect(drawer.getByRole("combobox", { name: "Assignee" })).toHaveValue(staff.guidId);
    // About a consultant, found by name.
    const consultant = await consultantWithHours(request, adminAuth, `Task Consultant ${unique()}`);
    await drawer.getByRole("combobox", { name: "About (optional)" }).fill(consultant.name);
    await page.getByRole("option", { name: new RegExp(consultant.name) }).click();
    await drawer.getByRole("button", { name: "Add Task", exact: true }).click();
    await expect(drawer).toBeHidden();
    const tasks = page.getByRole("list", { name: "My tasks" });
    await expect(tasks.getByRole("checkbox", { name: title })).toBeVisible();
    const ofConsultant = await request.get(
      `/api/v2/tasks?entity=consultant&entityId=${consultant.guidId}`,
      adminAuth,
    );
    expect((await ofConsultant.json()).data.map((task: { title: string }) => task.title)).toEqual([title]);
    // The consultant's History tab lists it too.
    await page.goto(`/edit-user/${consultant.guidId}`);
    await page.getByRole("tab", { name: "History" }).click();
    const aboutIt = page.getByRole("region", { name: "Tasks" });
    await expect(aboutIt.getByRole("listitem")).toContainText([`Open${title}`]);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInAs(page, staff);
    await page.goto("/home");
    const checkbox = page.getByRole("list", { name: "My tasks" }).getByRole("checkbox", { name: title });
    await expect(checkbox).toBeVisible();
    await expectNoA11yViolations(page);
    // Done: it leaves the open tasks.
    await checkbox.click();
    await expect(checkbox).toBeHidden();
    await page.context().close();
  });

  test("the overview shows an appointment booked for today", async ({ page, request, adminAuth }) => {
    const { businessTimeZone } = await (await request.get("/api/v2/settings/public")).json();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: businessTimeZone }).format(new Date());
    const consultant = await consultantWithHours(request, adminAuth, `Overview Consultant ${unique()}`);
    const booked = await request.post("/api/v2/userAppointment", {
      ...adminAuth,
      data: {
        consultantId: consultant.guidId,
        appointmentDate: today,
        appointmentTime: "00:30",
        description: "Booked for the overview",
        allowOutsideHours: true,
      },
    });
    expect(booked.status()).toBe(201);
    await page.goto("/home");
    const todays = page.getByRole("table", { name: "Today's appointments" });
    const row = todays.getByRole("row").filter({ hasText: consultant.name });
    await expect(row).toContainText("00:30");
    await expect(row).toContainText("Pending");
    await expect(page.getByRole("region", { name: "Appointments per week" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("the side panel's Alerts show the notifications about the record on screen", async ({
    page,
    request,
    adminAuth,
  }) => {
    // A colleague gives the Admin a task about a consultant.
    const staff = await activeStaff(request, adminAuth.headers);
    const staffHeaders = await sessionHeaders(
      await request.post("/api/v2/connect/verify-login", {
        data: { email: staff.email, password: staff.password },
      }),
    );
    const consultant = await consultantWithHours(request, adminAuth, `Alert Consultant ${unique()}`);
    const admin = await (await request.get("/api/v2/account", adminAuth)).json();
    const title = `Check the licence ${unique()}`;
    const given = await request.post("/api/v2/tasks", {
      headers: staffHeaders,
      data: {
        title,
        dueDate: "2099-01-01",
        assignee: admin.guidId,
        entity: "consultant",
        entityId: consultant.guidId,
      },
    });
    expect(given.status()).toBe(201);

    await page.goto(`/edit-user/${consultant.guidId}`);
    await page.getByRole("button", { name: "Open side panel" }).click();
    const panel = page.getByRole("dialog", { name: "Side panel" });
    await panel.getByRole("tab", { name: "Alerts" }).click();
    const alerts = panel.getByRole("list", { name: "Alerts about this record" });
    await expect(
      alerts.getByRole("button", { name: new RegExp(`Task assigned to you.*${title}`) }),
    ).toBeVisible();
    await expect(alerts.getByRole("listitem")).toHaveCount(1);
    await expectNoA11yViolations(page);
  });
});
