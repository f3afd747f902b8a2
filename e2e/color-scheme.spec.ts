import type { Locator, Page } from "@playwright/test";
import { activeStaff } from "./support/accounts";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * The WCAG contrast of an element's text with what is painted behind it: its own background over its
 * ancestors' down to an opaque one (a tint is half see-through). Axe leaves badges like these out.
 */
const textContrast = (element: Locator) =>
  element.evaluate((node) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      const scale = css.startsWith("color(") ? 255 : 1;
      return [r * scale, g * scale, b * scale, a];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [
      top[0] * top[3] + below[0] * (1 - top[3]),
      top[1] * top[3] + below[1] * (1 - top[3]),
      top[2] * top[3] + below[2] * (1 - top[3]),
      1,
    ];
    const layers: Rgba[] = [];
    for (let at: Element | null = node; at; at = at.parentElement) {
      const layer = parse(getComputedStyle(at).backgroundColor);
      if (layer[3] > 0) layers.unshift(layer);
      if (layer[3] >= 1) break;
    }
    const background = layers.reduce((below, layer) => over(layer, below), [255, 255, 255, 1] as Rgba);
    const text = over(parse(getComputedStyle(node).color), background);
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const [lighter, darker] = [luminance(text), luminance(background)].sort((x, y) => y - x) as [
      number,
      number,
    ];
    return (lighter + 0.05) / (darker + 0.05);
  });

async function choose(page: Page, label: "Light" | "Dark" | "Follow the system") {
  await page.getByRole("button", { name: /^Colour scheme:/ }).click();
  await page.getByRole("menuitem", { name: label }).click();
}

const chosen = (page: Page, label: string) =>
  expect(page.getByRole("button", { name: `Colour scheme: ${label}` })).toBeVisible();

test.describe("colour scheme", () => {
  test.use({ colorScheme: "light" });

  test("the header's switch: dark, light or the system's; the choice survives a reload and is painted before the app runs", async ({
    page,
  }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    expect(await scheme(page)).toBe("light");
    const lightBody = await bodyBackground(page);

    await choose(page, "Dark");
    await expect.poll(() => scheme(page)).toBe("dark");
    expect(await bodyBackground(page)).not.toBe(lightBody);
    await chosen(page, "Dark");
    await expectNoA11yViolations(page);

    // With the app's scripts held back, the page is already dark: no light flash before React starts.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await scheme(page)).toBe("dark");
    await page.unroute("**/assets/*.js");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await chosen(page, "Dark");

    // Following the system: the browser says light here, then dark.
    await choose(page, "Follow the system");
    await expect.poll(() => scheme(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => scheme(page)).toBe("dark");

    await choose(page, "Light");
    await expect.poll(() => scheme(page)).toBe("light");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    expect(await scheme(page)).toBe("light");
  });

  test("badges' words are readable on their colour in both schemes (at least 4.5:1)", async ({
    page,
    request,
    adminAuth,
  }) => {
    const name = `Badges ${unique()}`;
    const consultant = await request.post("/api/v2/Consultants/register", {
      ...adminAuth,
      multipart: {
        Name: name,
        BusinessName: name,
        ContactEmail: "badges@example.com",
        PhoneNumber: "+92 300 1234567",
        IsApproved: "true",
        IsPremium: "true",
      },
    });
    expect(consultant.status()).toBe(201);
    // One row with both of the internal users' badges.
    const staff = await activeStaff(request, adminAuth.headers);
    const user = `/api/v2/User/users/${staff.guidId}`;
    expect((await request.put(`${user}/role`, { ...adminAuth, data: { role: "Admin" } })).status()).toBe(200);
    expect((await request.post(`${user}/suspend`, adminAuth)).status()).toBe(200);

    const screens = [
      { path: `/users?search=${encodeURIComponent(name)}`, badges: ["Approved", "Premium"] },
      { path: `/internal-users?search=${staff.userName}`, badges: ["Admin", "Suspended"] },
      { path: `/internal-users/${staff.guidId}`, badges: ["Admin", "Suspended"] },
      { path: "/settings", badges: ["This session"] },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expect.poll(() => scheme(page)).toBe(colorScheme);
        for (const text of screen.badges) {
          const badge = page.locator(".mantine-Badge-root").filter({ hasText: new RegExp(`^${text}$`) });
          await expect(badge.first()).toBeVisible();
          await expect
            .poll(() => textContrast(badge.first()), { message: `${text} (${colorScheme})` })
            .toBeGreaterThanOrEqual(4.5);
        }
      }
      await page.emulateMedia({ colorScheme: "light" });
    }
  });

  test("a header menu opened while a toast shows lies above the toast: its items take the press", async ({
    page,
  }) => {
    await page.goto("/internal-users");
    const exportButton = page.getByRole("button", { name: /^Export \d+ rows?$/ });
    await Promise.all([page.waitForEvent("download"), exportButton.click()]);
    const toast = page.getByText("Export downloaded");
    await expect(toast).toBeVisible();
    await page.getByRole("button", { name: /^Colour scheme:/ }).click();
    // The toast (top right, beneath the header) and the menu (beneath its button, top right) overlap.
    const [toastBox, menuBox] = await Promise.all([
      toast.boundingBox(),
      page.getByRole("menu").boundingBox(),
    ]);
    if (!toastBox || !menuBox) throw new Error("the toast or the menu is not on screen");
    expect(menuBox.y < toastBox.y + toastBox.height && toastBox.y < menuBox.y + menuBox.height).toBe(true);
    for (const label of ["Light", "Dark", "Follow the system"]) {
      const item = page.getByRole("menuitem", { name: label });
      const onTop = await item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(onTop, `${label} lies above the toast`).toBe(true);
    }
    await page.getByRole("menuitem", { name: "Dark" }).click();
    await expect.poll(() => scheme(page)).toBe("dark");
    await expect(toast).toBeVisible();
  });

  test("the switch works from the keyboard", async ({ page }) => {
    await page.goto("/home");
    const button = page.getByRole("button", { name: /^Colour scheme:/ });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Dark" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => scheme(page)).toBe("dark");
    await expect(button).toBeFocused();
  });
});
