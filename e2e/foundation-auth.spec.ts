import { BINDING_COOKIE } from "@visadesk/contract/auth-constants";
import { activeStaff, registerStaff, signInAs } from "./support/accounts";
import { ADMIN } from "./support/env";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

const storedSession = (page: import("@playwright/test").Page) =>
  page.evaluate(() => [localStorage.getItem("access_token"), localStorage.getItem("access_USER")]);

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("sign-in with email and password lands on /users and stores the session", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email or username").fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    const [token, user] = await storedSession(page);
    expect(token).toBeTruthy();
    expect(JSON.parse(user ?? "{}")).toMatchObject({ email: ADMIN.email, roles: ["Admin"] });
    // The token is bound to a cookie that no script can read.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === BINDING_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain(BINDING_COOKIE);
  });

  test("the password can be shown and hidden from the keyboard", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel(/^Password/);
    await password.fill("secret-text");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show or hide password" }).focus();
    await page.keyboard.press("Enter");
    await expect(password).toHaveAttribute("type", "text");
  });

  test("a wrong password shows the server's message and stays on /login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email or username").fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid email, username or password" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("empty fields are named before anything is sent", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email or username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  test("a protected page without a token: toast, /login, then back to that page after signing in", async ({
    page,
  }) => {
    await page.goto("/home");
    await expect(page.getByText("Please login to access this page")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email or username").fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("the root without a session goes to /login", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("a token without a stored user: both cleared, toast, /login", async ({ page }) => {
    await page.goto("/login");
    await page.evaluate(() => localStorage.setItem("access_token", "left-over-token"));
    await page.goto("/users");
    await expect(page.getByText("Session expired, please login again")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual([null, null]);
  });

  test("a corrupt stored user clears the session and goes to /login", async ({ page }) => {
    await page.goto("/login");
    await page.evaluate(() => {
      localStorage.setItem("access_token", "some-token");
      localStorage.setItem("access_USER", "{not json");
    });
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual([null, null]);
  });

  test("register, then sign-in is refused until an Admin approves", async ({ page }) => {
    const id = unique();
    const email = `new.${id}@e2e.test`;
    await page.goto("/register");
    await page.getByLabel("Username").fill(`new${id}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("First name").fill("Nadia");
    await page.getByLabel("Last name").fill("Khan");
    await page.getByLabel("Phone number").fill("+92 321 7654321");
    await page.getByLabel(/^Password/).fill("Register-Pass-1");
    await page.getByLabel(/^Confirm password/).fill("Register-Pass-2");
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel(/^Confirm password/).fill("Register-Pass-1");
    await expect(page.getByText("Passwords do not match")).toBeHidden();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByText(
        "Registration received. An administrator must approve your account before you can sign in.",
      ),
    ).toBeVisible();

    await page.getByRole("link", { name: "Go to sign in" }).click();
    await page.getByLabel("Email or username").fill(email);
    await page.getByLabel(/^Password/).fill("Register-Pass-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Your account is waiting for an administrator's approval" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the registration form names its own picture limit, 2 MB, and sends nothing over it", async ({
    page,
  }) => {
    await page.goto("/register");
    await expect(page.getByText("Optional. Any image up to 2 MB.")).toBeVisible();
    let sent = false;
    page.on("request", (request) => {
      if (request.url().includes("/connect/register")) sent = true;
    });
    const chooser = page.waitForEvent("filechooser");
    await page.getByLabel("Profile picture").click();
    await (await chooser).setFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await expect(page.getByText("The file is too large: images must be at most 2 MB")).toBeVisible();
    await page.getByRole("button", { name: "Create account" }).click();
    expect(sent).toBe(false);
  });

  test("registering a taken email answers like any registration, so the page tells nobody who has an account", async ({
    page,
    request,
  }) => {
    const existing = await registerStaff(request);
    const id = unique();
    await page.goto("/register");
    await page.getByLabel("Username").fill(`other${id}`);
    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("First name").fill("Omar");
    await page.getByLabel("Last name").fill("Ali");
    await page.getByLabel("Phone number").fill("+92 333 1111111");
    await page.getByLabel(/^Password/).fill("Register-Pass-1");
    await page.getByLabel(/^Confirm password/).fill("Register-Pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByText(
        "Registration received. An administrator must approve your account before you can sign in.",
      ),
    ).toBeVisible();
    await expect(page.getByText("This email is already registered")).toHaveCount(0);
  });

  test("a common password is refused on the Password field with the server's message", async ({ page }) => {
    const id = unique();
    await page.goto("/register");
    await page.getByLabel("Username").fill(`common${id}`);
    await page.getByLabel("Email").fill(`common.${id}@e2e.test`);
    await page.getByLabel("First name").fill("Omar");
    await page.getByLabel("Last name").fill("Ali");
    await page.getByLabel("Phone number").fill("+92 333 1111111");
    await page.getByLabel(/^Password/).fill("Password123");
    await page.getByLabel(/^Confirm password/).fill("Password123");
    await page.getByRole("button", { name: "Create account" }).click();
    const tooCommon = "This password is too common. Choose a less common one.";
    await expect(page.getByRole("alert").filter({ hasText: tooCommon })).toBeVisible();
    // Also on the field itself, so a screen reader reads it with the Password input.
    await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(/This password is too common/);
  });

  test("forgot and reset password end to end, with the link from the mail", async ({
    page,
    request,
    adminAuth,
  }) => {
    const staff = await activeStaff(request, adminAuth.headers);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(staff.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const neutral = "If an account exists for this email, a password reset link has been sent to it.";
    await expect(page.getByText(neutral)).toBeVisible();

    // An unknown email gets exactly the same answer.
    const unknown = await request.post("/api/v2/connect/forgot-password", {
      data: { email: `nobody.${unique()}@e2e.test` },
    });
    expect((await unknown.json()).message).toBe(neutral);

    let link = "";
    await expect(async () => {
      const pattern = /https?:\/\/\S+\/forgot-password\/reset\?token=[\w-]+/g;
      const mails = sentMails().filter((mail) => mail.includes(`To: ${staff.email}\n`));
      link = mails.flatMap((mail) => mail.match(pattern) ?? []).pop() ?? "";
      expect(link).not.toBe("");
    }).toPass({ timeout: 10_000 });

    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel(/^New password/).fill("Brand-New-Pass-9");
    await page.getByLabel(/^Confirm new password/).fill("Brand-New-Pass-9");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText("Your password has been reset. Please sign in with the new password."),
    ).toBeVisible();

    await page.getByLabel("Email or username").fill(staff.userName);
    await page.getByLabel(/^Password/).fill("Brand-New-Pass-9");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);

    // The link is single-use.
    const again = await request.post("/api/v2/connect/reset-password", {
      data: { token: url.searchParams.get("token"), password: "Another-Pass-9" },
    });
    expect(again.status()).toBe(400);
  });

  test("the public pages have no accessibility violations", async ({ page }) => {
    for (const path of ["/login", "/register", "/forgot-password", "/forgot-password/reset?token=x"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    }
    // With validation errors shown too.
    await page.goto("/register");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("signed in", () => {
  test("/login and / with a session go to /users", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/users$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/users$/);
  });

  test("logout revokes the token on the server, clears the session and shows /login", async ({
    browser,
    adminAuth,
    request,
  }) => {
    // Its own context and its own staff session, so the shared Admin session stays signed in.
    const staff = await activeStaff(request, adminAuth.headers);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { headers } = await signInAs(page, staff);
    expect((await request.get("/api/v2/Dashboard/stats", { headers })).status()).toBe(200);
    await page.goto("/home");
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("dialog", { name: "Profile" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual([null, null]);

    const reused = await request.get("/api/v2/Dashboard/stats", { headers });
    expect(reused.status()).toBe(401);
    await context.close();
  });

  test("a refused token (401) clears the session and sends the visitor to sign in", async ({
    browser,
    adminAuth,
    request,
  }) => {
    const staff = await activeStaff(request, adminAuth.headers);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { headers } = await signInAs(page, staff);
    const out = await request.post("/api/v2/connect/logout", { headers });
    expect(out.status()).toBe(200);
    await page.goto("/home");
    await expect(page.getByText("Authentication failed. Please login again.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual([null, null]);
    await context.close();
  });
});
