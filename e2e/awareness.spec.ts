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

    await expect(page).toHaveURL(new RegExp(`/internal-users/${account.guidId}$`));
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

  test("a task is edited, done, reopened and deleted from My tasks and its record's History tab, by keyboard", async ({
    browser,
    request,
    adminAuth,
  }) => {
    const staff = await activeStaff(request, adminAuth.headers);
    const consultant = await consultantWithHours(request, adminAuth, `Edited Task Consultant ${unique()}`);
    const page = await signedOutPage(browser);
    const session = await signInAs(page, staff);
    const title = `Check the fee ${unique()}`;
    const added = await request.post("/api/v2/tasks", {
      headers: session.headers,
      data: { title, dueDate: "2031-01-10", entity: "consultant", entityId: consultant.guidId },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto("/home");
    const myTasks = page.getByRole("list", { name: "My tasks" });
    await expect(myTasks.getByRole("checkbox", { name: title })).toBeVisible();

    // Edit from My tasks, with the keyboard only.
    await myTasks.getByRole("button", { name: `Edit ${title}` }).focus();
    await page.keyboard.press("Enter");
    const edit = page.getByRole("dialog", { name: "Edit task" });
    await expect(edit.getByRole("textbox", { name: "Task" })).toHaveValue(title);
    await expectDialogAccessible(page, "Edit task");
    const renamed = `${title} and the hours`;
    await edit.getByRole("textbox", { name: "Task" }).fill(renamed);
    await edit.getByLabel("Due date").fill("2031-01-12");
    await edit.getByRole("textbox", { name: "Notes" }).fill("Both offices");
    await edit.getByRole("textbox", { name: "Notes" }).press("Tab");
    await page.keyboard.press("Tab");
    await expect(edit.getByRole("button", { name: "Save task" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(edit).toBeHidden();
    await expect(myTasks.getByRole("checkbox", { name: renamed })).toBeVisible();
    await expect(myTasks.getByRole("listitem").filter({ hasText: renamed })).toContainText("Due 2031-01-12");

    // The consultant's History tab: mark done, reopen, and read each change in words.
    await page.goto(`/edit-user/${consultant.guidId}`);
    await page.getByRole("tab", { name: "History" }).click();
    const aboutIt = page.getByRole("region", { name: "Tasks" });
    await aboutIt.getByRole("button", { name: `Mark done ${renamed}` }).click();
    await expect(aboutIt.getByRole("listitem")).toContainText([`Done${renamed}`]);
    await aboutIt.getByRole("button", { name: `Reopen ${renamed}` }).click();
    await expect(aboutIt.getByRole("listitem")).toContainText([`Open${renamed}`]);
    const history = page.getByRole("list", { name: "History" });
    // Each row names its task apart from its changes, and lists only what changed.
    await expect(history.getByRole("listitem").filter({ hasText: "reopened a task" })).toContainText(
      `Task '${renamed}'`,
    );
    await expect(history.getByRole("listitem").filter({ hasText: "marked a task done" })).toHaveCount(1);
    const changed = history.getByRole("listitem").filter({ hasText: "changed a task" });
    await expect(changed).toContainText(`Task '${renamed}':`);
    await expect(changed).toContainText(`Title ${title} → ${renamed}`);
    await expect(changed).toContainText("Due 2031-01-10 → 2031-01-12");
    await expect(changed).not.toContainText("Assigned to");
    const addedRow = history.getByRole("listitem").filter({ hasText: "added a task" });
    await expect(addedRow).toContainText(`Task '${title}':`);
    await expect(addedRow).toContainText("Due 2031-01-10");
    await expectNoA11yViolations(page);

    // Delete, after a confirmation that Cancel leaves alone.
    await aboutIt.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete task" });
    await expect(confirm).toContainText(renamed);
    await expectDialogAccessible(page, "Delete task");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(aboutIt.getByRole("listitem")).toHaveCount(1);
    await aboutIt.getByRole("button", { name: `Delete ${renamed}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("region", { name: "Tasks" })).toBeHidden();
    await expect(history.getByRole("listitem").filter({ hasText: "deleted a task" })).toContainText(
      `Task '${renamed}'`,
    );
    // The deleted task's earlier rows stay in the consultant's history.
    await expect(history.getByRole("listitem").filter({ hasText: "added a task" })).toHaveCount(1);
    await page.goto("/home");
    await expect(page.getByRole("list", { name: "My tasks" }).getByText(renamed)).toHaveCount(0);
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

  test("an open appointment's details are the record on screen: the side panel shows its notes and alerts", async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await consultantWithHours(request, adminAuth, `Panel Consultant ${unique()}`);
    // In three hours, on the half hour, in the business time zone: unconfirmed, so it is an alert.
    const { businessTimeZone } = await (await request.get("/api/v2/settings/public")).json();
    const soon = new Date(Date.now() + 3 * 3_600_000);
    soon.setUTCMinutes(soon.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: businessTimeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(soon);
    const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
    const booked = await request.post("/api/v2/userAppointment", {
      ...adminAuth,
      data: {
        consultantId: consultant.guidId,
        appointmentDate: `${part("year")}-${part("month")}-${part("day")}`,
        appointmentTime: `${part("hour")}:${part("minute")}`,
        description: "Booked for the side panel",
        allowOutsideHours: true,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const appointment = await booked.json();
    const text = `Customer asked to bring the bank statement ${unique()}`;
    const noted = await request.post("/api/v2/notes", {
      ...adminAuth,
      data: { entity: "appointment", entityId: appointment.guidId, text },
    });
    expect(noted.status(), await noted.text()).toBe(201);

    await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
    await page
      .getByRole("row")
      .filter({ hasText: consultant.name })
      .getByRole("button", { name: "View details" })
      .click();
    const details = page.getByRole("dialog", { name: "Appointment Details" });
    await details.getByRole("button", { name: "Notes" }).click();
    const panel = page.getByRole("dialog", { name: "Side panel" });
    await expect(panel.getByRole("list", { name: "Notes" })).toContainText(text);
    await panel.getByRole("tab", { name: "Alerts" }).click();
    const alerts = panel.getByRole("list", { name: "Alerts about this record" });
    await expect(alerts.getByRole("button", { name: /^Appointment not confirmed/ })).toBeVisible();
    await expect(alerts.getByRole("listitem")).toHaveCount(1);
    await expectNoA11yViolations(page);

    // Closed, the appointment is no longer on screen: the panel says how to see a record's notes.
    await panel.getByRole("button", { name: "Close side panel" }).click();
    await details.getByRole("button", { name: "Close" }).first().click();
    await expect(details).toBeHidden();
    await page.getByRole("button", { name: "Open side panel" }).click();
    await panel.getByRole("tab", { name: "Notes" }).click();
    await expect(panel.getByText("Open a record to see its notes")).toBeVisible();
    await expect(panel.getByText(text)).toHaveCount(0);
  });
});
