import type { Page } from "@playwright/test";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { authMessages } from "@visadesk/contract/auth-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { notificationEndpoints } from "@visadesk/contract/notifications-endpoints";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { consultantWithoutTimings } from "./support/appointments";
import { expect, test } from "./support/fixtures";

/** The /assets/ paths a page requests, in order, as many times as it requests them. */
function assetRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/assets/")) seen.push(pathname);
  });
  return seen;
}

const isShell = (pathname: string) => /^\/assets\/shell-[\w-]+\.js$/.test(pathname);
const isConsultantList = (pathname: string) => /^\/assets\/consultants-[\w-]+\.js$/.test(pathname);

test.describe("the first screen's downloads", () => {
  // Each screen's page is found by the file its module is in (the consultant list's is the list's group).
  const screens = [
    { path: "/users", page: isConsultantList },
    { path: "/home", page: (pathname: string) => /^\/assets\/dashboard-page-[\w-]+\.js$/.test(pathname) },
    {
      path: "/app-users",
      page: (pathname: string) => /^\/assets\/app-user-list-page-[\w-]+\.js$/.test(pathname),
    },
    { path: "/settings", page: (pathname: string) => /^\/assets\/settings-page-[\w-]+\.js$/.test(pathname) },
  ];
  for (const screen of screens) {
    test(`with a stored session, the shell and ${screen.path} start downloading before the app's script runs`, async ({
      page,
    }) => {
      const requested = assetRequests(page);
      // The entry script never arrives: whatever is requested came from the page itself.
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await page.goto(screen.path);
      await expect.poll(() => requested.some(isShell)).toBe(true);
      await expect.poll(() => requested.some(screen.page)).toBe(true);
      // Only that screen's: no other screen's page (the list's group also holds what the lists share).
      const others = screens.filter((other) => other !== screen && other.path !== "/users");
      expect(requested.filter((pathname) => others.some((other) => other.page(pathname)))).toEqual([]);
    });
  }

  test("a screen's own data is asked for beside its code, before the shell's first requests, and once", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/v2/")) asked.push(pathname);
    });
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The shell asks for the bell's notifications once it has rendered; the page's account came before.
    const account = asked.indexOf("/api/v2/account");
    expect(account).toBeGreaterThanOrEqual(0);
    expect(account).toBeLessThan(asked.indexOf("/api/v2/notifications"));
    expect(asked.filter((pathname) => pathname === "/api/v2/account")).toHaveLength(1);
    expect(asked.filter((pathname) => pathname === "/api/v2/account/sessions")).toHaveLength(1);
  });

  // Each list with a page size and a filter in its address: the first request must be the page's own (the
  // same page, size and filter), or the page would ask again once rendered.
  const lists = [
    { screen: "/users?size=25&approved=true", api: consultantEndpoints.list.path, filter: "approved" },
    { screen: "/app-users?size=25&status=active", api: userEndpoints.list.path, filter: "status" },
    { screen: "/internal-users?size=25&role=Admin", api: userEndpoints.list.path, filter: "role" },
    {
      screen: "/user-appointments?size=25&status=Pending",
      api: appointmentEndpoints.list.path,
      filter: "status",
    },
  ];
  for (const list of lists) {
    test(`${list.screen}: the list's page is asked for beside its code, before the shell's first request, and once`, async ({
      page,
    }) => {
      const asked: URL[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) asked.push(url);
      });
      await page.goto(list.screen);
      // The page-size choice shows once the list has its answer (rows or none).
      await expect(page.getByText("Rows per page")).toBeVisible();
      await page.waitForLoadState("networkidle");
      const pages = asked.filter((url) => url.pathname === list.api);
      expect(pages).toHaveLength(1);
      const address = new URL(list.screen, "http://x").searchParams;
      expect(pages[0]?.searchParams.get("pageSize")).toBe("25");
      expect(pages[0]?.searchParams.get(list.filter)).toBe(address.get(list.filter));
      const bell = asked.findIndex((url) => url.pathname === notificationEndpoints.list.path);
      expect(bell).toBeGreaterThan(asked.indexOf(pages[0] as URL));
    });
  }

  /** The scripts a page downloads; the form library (zod) names its classes, so any holding them brought it. */
  function formLibraryDownloads(page: Page) {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.text());
    });
    return async () => {
      const bodies = await Promise.all(scripts);
      expect(bodies.length).toBeGreaterThan(3);
      return bodies.filter((body) => body.includes("$ZodObject")).length;
    };
  }

  // A form's rules load when it is first used: building them is a long task of its own on a slow phone.
  const formLess = [
    { path: () => "/users", heading: /^Consultant$/ },
    { path: () => "/settings", heading: "Sessions" },
    { path: (id: string) => `/edit-user/${id}`, heading: "Edit Consultant" },
    { path: (id: string) => `/consultant-timings/${id}`, heading: "Consultant Timings" },
    { path: (id: string) => `/consultant-addresses/${id}`, heading: "Consultant Addresses" },
  ];
  for (const screen of formLess) {
    test(`${screen.path(":guidId")} opens without downloading the form library`, async ({
      page,
      request,
      adminAuth,
    }) => {
      const consultant = await consultantWithoutTimings(request, adminAuth, `Formless ${Date.now()}`);
      const zodScripts = formLibraryDownloads(page);
      await page.goto(screen.path(consultant.guidId));
      await expect(page.getByRole("heading", { name: screen.heading })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await zodScripts()).toBe(0);
    });
  }

  test("a form's rules arrive when it is first used, and check what is typed", async ({ page }) => {
    const zodScripts = formLibraryDownloads(page);
    await page.goto("/settings");
    const password = page.getByRole("textbox", { name: "New password", exact: true });
    await password.fill("short");
    await password.blur();
    await expect(page.getByText(authMessages.passwordTooShort)).toBeVisible();
    expect(await zodScripts()).toBeGreaterThan(0);
  });

  test("a signed-in visit downloads each script and stylesheet once", async ({ page }) => {
    const requested = assetRequests(page);
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Consultant", exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(requested.some(isShell)).toBe(true);
    const twice = requested.filter((pathname, index) => requested.indexOf(pathname) !== index);
    expect(twice).toEqual([]);
  });

  test("before the app's script runs, the page shows the guard's loading screen, drawn as the app draws it", async ({
    page,
  }) => {
    const text = (p: Page) => p.getByRole("status").getByText("Checking authentication...", { exact: true });
    const look = (p: Page) =>
      text(p).evaluate((element) => {
        const style = getComputedStyle(element);
        return { fontFamily: style.fontFamily, fontWeight: style.fontWeight, fontSize: style.fontSize };
      });
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/users");
    await expect(text(page)).toBeVisible();
    const before = await look(page);
    // Once the script runs, the app's own preloader takes its place with the same text in the same font:
    // the text is not drawn a second time, differently (the app's font is the page's from the start).
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Consultant", exact: true })).toBeVisible();
    const app = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { fontFamily: style.fontFamily, fontSize: style.fontSize };
    });
    expect(before).toEqual({ ...app, fontWeight: "500" });
    expect(await page.getByText("Checking authentication...").count()).toBe(0);
  });

  test.describe("without a session", () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test("a public page starts downloading its own files before the app's script runs", async ({ page }) => {
      const requested = assetRequests(page);
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await page.goto("/register");
      await expect
        .poll(() => requested.some((pathname) => /^\/assets\/register-page-[\w-]+\.js$/.test(pathname)))
        .toBe(true);
      expect(requested.filter((pathname) => isShell(pathname) || isConsultantList(pathname))).toEqual([]);
    });

    test("the sign-in page downloads nothing of the signed-in screens", async ({ page }) => {
      const requested = assetRequests(page);
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(requested.filter((pathname) => isShell(pathname) || isConsultantList(pathname))).toEqual([]);
    });
  });
});
