import { registerStaff } from "./support/accounts";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

test.describe("the shell", () => {
  test("header, footer and the layout of a signed-in page", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Search", exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Language: English" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enter full screen" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Copyright");
    await expect(footer).toContainText("All Rights Reserved");
    const company = await (await page.request.get("/api/v2/settings/public")).json();
    await expect(footer.getByRole("link", { name: company.companyName })).toHaveAttribute(
      "href",
      company.companyUrl,
    );
  });

  test("an unknown address shows a not-found page in the shell, with ways on", async ({ page }) => {
    await page.goto("/no-such-page?x=1");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("/no-such-page")).toBeVisible();
    // Stays where it is: no silent jump to another screen.
    await expect(page).toHaveURL(/\/no-such-page\?x=1$/);
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Go to the consultant list" }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test("the header search box opens the search dialog", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(page.getByRole("dialog", { name: "Search" }).getByRole("combobox")).toBeFocused();
  });

  test("the fullscreen toggle enters and leaves full screen", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Enter full screen" }).click();
    await expect(page.getByRole("button", { name: "Exit full screen" })).toBeVisible();
    expect(await page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await page.getByRole("button", { name: "Exit full screen" }).click();
    await expect(page.getByRole("button", { name: "Enter full screen" })).toBeVisible();
  });

  test("notifications: real items in a 380 px body and a See all link to the full list", async ({
    page,
    request,
  }) => {
    // A registration waiting is a notification of every Admin.
    const account = await registerStaff(request);
    await page.goto("/home");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const menu = page.getByRole("dialog", { name: "Notifications" });
    await expect(menu.getByText(account.email, { exact: false })).toBeVisible();
    const body = menu.getByTestId("notifications-body");
    expect((await body.boundingBox())?.height).toBe(380);
    await expectNoA11yViolations(page);
    await menu.getByRole("button", { name: "See all notifications" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  });

  test("profile dropdown shows the name, email and five items and closes on an outside click", async ({
    page,
  }) => {
    await page.goto("/home");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("access_USER") ?? "{}"));
    await page.getByRole("button", { name: /Profile menu/ }).click();
    const menu = page.getByRole("dialog", { name: "Profile" });
    const fullName = [stored.firstName, stored.lastName].filter(Boolean).join(" ") || stored.userName;
    await expect(menu.getByTestId("profile-name")).toHaveText(fullName);
    await expect(menu.getByTestId("profile-email")).toHaveText(stored.email);
    for (const item of ["My Project", "Message", "Notification", "Settings", "Logout"]) {
      await expect(menu.getByRole("button", { name: item })).toBeVisible();
    }
    await expectNoA11yViolations(page);
    await page.getByRole("heading", { name: "Dashboard" }).click();
    await expect(menu).toBeHidden();
  });

  test("the header's buttons name themselves in a tooltip on hover and on keyboard focus; a press or Escape hides it", async ({
    page,
  }) => {
    await page.goto("/home");
    const fullscreen = page.getByRole("button", { name: "Enter full screen" });
    await fullscreen.hover();
    await expect(page.getByRole("tooltip", { name: "Enter full screen" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.getByRole("heading", { name: "Dashboard" }).hover();
    await page.getByRole("button", { name: "Open side panel" }).hover();
    await expect(page.getByRole("tooltip", { name: "Open side panel" })).toBeVisible();
    await page.getByRole("heading", { name: "Dashboard" }).hover();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    // From the keyboard: the colour scheme's button, then Tab to the next one.
    await page.getByRole("button", { name: /^Colour scheme/ }).focus();
    await page.keyboard.press("Tab");
    await expect(fullscreen).toBeFocused();
    await expect(page.getByRole("tooltip", { name: "Enter full screen" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tooltip", { name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("tooltip")).toHaveCount(1);
    // Pressed, the bell opens its popover; the label gives way to it.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    // Pressed by mouse on a fresh page (its popover still loading), the label does not cover the popover.
    await page.reload();
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
  });

  test("the profile popover, loaded when first reached, opens from the keyboard and gives the focus back", async ({
    page,
  }) => {
    await page.goto("/home");
    const button = page.getByRole("button", { name: /Profile menu/ });
    await page.getByRole("button", { name: "Open side panel" }).focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Profile" });
    await expect(menu.getByRole("button", { name: "Settings" })).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the right-side panel switches between Chat, Alerts and Notes", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Open side panel" }).click();
    const panel = page.getByRole("dialog", { name: "Side panel" });
    await expect(panel.getByRole("tab", { name: "Alerts" })).toHaveAttribute("aria-selected", "true");
    await panel.getByRole("tab", { name: "Chat" }).click();
    await expect(panel.getByText("Coming soon")).toBeVisible();
    await panel.getByRole("tab", { name: "Notes" }).click();
    await expect(panel.getByText("Open a record to see its notes")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  });

  test("sidebar: Navigation heading, active entry, its group open, one group at a time", async ({ page }) => {
    await page.goto("/app-users");
    const nav = page.getByRole("navigation", { name: "Navigation" });
    await expect(nav.getByText("Navigation", { exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "App Users" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Consultant" })).toBeHidden();

    await nav.getByRole("button", { name: "Manage Consultant" }).click();
    await expect(nav.getByRole("link", { name: "Consultant" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "App Users" })).toBeHidden();

    await nav.getByRole("link", { name: "Consultant" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(nav.getByRole("link", { name: "Consultant" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  test("at 390 px the navigation is a drawer: none of its links until the menu button opens it, then it works as beside the page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    // Closed, it holds nothing a keyboard or a screen reader could reach.
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
    const menu = page.getByRole("button", { name: "Toggle navigation" });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "Navigation" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("button", { name: "Manage App Users" }).click();
    await nav.getByRole("link", { name: "App Users" }).click();
    await expect(page).toHaveURL(/\/app-users$/);
    // A link closes the drawer; opened again, it shows where the staff member now is.
    await expect(nav).not.toBeInViewport();
    await menu.click();
    await expect(nav.getByRole("link", { name: "App Users" })).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);
  });

  test("sidebar: the add, edit, timings and addresses screens keep their section highlighted", async ({
    page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Navigation" });
    for (const [url, group, entry] of [
      ["/add-user", "Manage Consultant", "Consultant"],
      ["/consultant-timings/some-consultant", "Manage Consultant", "Consultant"],
      ["/consultant-addresses/some-consultant", "Manage Consultant", "Consultant"],
      ["/add-app-user", "Manage App Users", "App Users"],
      ["/edit-app-user/some-app-user", "Manage App Users", "App Users"],
    ] as const) {
      await page.goto(url);
      await expect(nav.getByRole("button", { name: group })).toHaveAttribute("data-active", "true");
      // Opened, the group shows its entry as the current section, not as the page shown.
      await nav.getByRole("button", { name: group }).click();
      const link = nav.getByRole("link", { name: entry });
      await expect(link).toHaveAttribute("aria-current", "true");
      await expect(link).toHaveAttribute("data-active", "true");
    }
    await page.goto("/users");
    await expect(nav.getByRole("link", { name: "Consultant" })).toHaveAttribute("aria-current", "page");
  });

  test("route changes show the page preloader, public pages do not", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Navigation" })
      .getByRole("button", { name: "Appointments" })
      .click();
    await page.getByRole("link", { name: "User Appointments" }).click();
    await expect(page.getByText("Loading page...")).toBeVisible();
    await expect(page.getByText("Loading page...")).toBeHidden({ timeout: 3000 });
  });
});
