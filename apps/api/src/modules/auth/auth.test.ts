import { authMessages } from "@visadesk/contract/auth-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Config } from "#api/config";
import { PNG_1PX } from "#test/fixtures";
import { bearerHeaders, countFiles, createTestApp, multipart, type TestApp, testClock } from "#test/helpers";
import { BINDING_COOKIE } from "./tokens";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const login = (payload: Record<string, string | undefined>) =>
  t.app.inject({ method: "POST", url: "/api/v2/connect/verify-login", payload });

describe("POST /api/v2/connect/verify-login", () => {
  it("signs in by email or username and answers the token and the user", async () => {
    const account = await t.createAccount({ role: "Staff" });
    for (const payload of [
      { email: account.email.toUpperCase(), password: account.password },
      { userName: account.userName, password: account.password },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        tokenType: "Bearer",
        expiresIn: t.config.tokenTtlMinutes * 60,
        user: { guidId: account.guidId, userName: account.userName, email: account.email, roles: ["Staff"] },
      });
      expect(body.accessToken.split(".")).toHaveLength(3);
      expect(body.user).not.toHaveProperty("passwordHash");
    }
  });

  it("answers 401 with one message whether or not the account exists", async () => {
    const account = await t.createAccount();
    const wrong = await login({ email: account.email, password: "wrong-password" });
    const unknown = await login({ email: "nobody@example.com", password: "wrong-password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: authMessages.wrongCredentials, code: "wrong_credentials" });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses app users, pending and rejected accounts with 403 and a message that says why", async () => {
    const cases = [
      ["AppUser", "active", authMessages.appUserForbidden],
      ["Staff", "pending", authMessages.pendingApproval],
      ["Staff", "rejected", authMessages.rejected],
    ] as const;
    for (const [role, status, message] of cases) {
      const account = await t.createAccount({ role, status });
      const response = await login({ email: account.email, password: account.password });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(message);
    }
  });

  it("answers 400 naming the field when the body is incomplete", async () => {
    const response = await login({ password: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty("email");
  });
});

describe("protected routes", () => {
  it("answer 401 without a token or with a bad one, and 403 for the wrong role", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats" });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toEqual(expect.any(String));
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/v2/Dashboard/stats",
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(bad.statusCode).toBe(401);
    const appUser = await t.createAccount({ role: "AppUser" });
    // An AppUser cannot get a token at all; a forged session for one is still refused.
    expect((await login({ email: appUser.email, password: appUser.password })).statusCode).toBe(403);
  });

  it("logout revokes the token on the server", async () => {
    const { headers } = await t.signIn("Staff");
    expect((await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({ method: "POST", url: "/api/v2/connect/logout", headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(authMessages.authFailed);
  });
});

describe("POST /api/v2/connect/register", () => {
  const fields = (n: string) => ({
    UserName: `reg${n}`,
    Email: `reg${n}@example.com`,
    FirstName: "Reg",
    LastName: "Istered",
    PhoneNumber: "+92 300 1234567",
    Password: "a-long-password",
  });

  it("creates a pending internal account that cannot sign in until approved", async () => {
    const form = multipart(fields("1"));
    const response = await t.app.inject({ method: "POST", url: "/api/v2/connect/register", ...form });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: authMessages.registered, user: { status: "pending" } });
    const signIn = await login({ email: "reg1@example.com", password: "a-long-password" });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(authMessages.pendingApproval);
  });

  it("answers a taken email or username exactly like a new registration, writes nothing, and mails the address", async () => {
    const register = (form: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/v2/connect/register", ...multipart(form) });
    const created = await register(fields("2"));
    const accounts = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = { accounts: await accounts(), files: await countFiles(t), mails: t.mails.length };
    const picture = { ProfilePic: { fileName: "me.png", content: PNG_1PX, contentType: "image/png" } };
    const sameEmail = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/register",
      ...multipart({ ...fields("3"), Email: "REG2@example.com" }, picture),
    });
    // The taken username comes with a first name that is a message to whoever owns the mailbox typed.
    const lure = "Your password expired, re-verify at https://evil.example/login";
    const sameName = await register({ ...fields("4"), UserName: "REG2", FirstName: lure });
    for (const response of [sameEmail, sameName]) {
      expect(response.statusCode).toBe(created.statusCode);
      expect(response.json()).toEqual({
        message: authMessages.registered,
        user: {
          guidId: expect.any(String),
          userName: expect.any(String),
          email: expect.any(String),
          status: "pending",
        },
      });
    }
    expect(sameEmail.json().user).toMatchObject({ userName: "reg3", email: "REG2@example.com" });
    expect(await accounts()).toBe(before.accounts);
    expect(await countFiles(t)).toBe(before.files);

    await vi.waitFor(() => expect(t.mails.length).toBe(before.mails + 2));
    // The email's owner learns someone tried to register with it; a taken username is told to its registrant.
    expect(t.mails.slice(before.mails).map((mail) => [mail.to, mail.subject])).toEqual([
      ["REG2@example.com", "Someone tried to register with your email"],
      ["reg4@example.com", "Your VisaDesk registration"],
    ]);
    expect(t.mails.at(-1)?.text).toContain("the username you chose cannot be used");
    // Nothing typed in the forms reaches a mailbox: not the lure, not which sign-in name exists.
    for (const mail of t.mails.slice(before.mails)) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/evil\.example|expired|REG2"|reg3|reg4\b/i);
    }
  });

  it("answers 400 with the field's message for missing fields", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/register",
      ...multipart({ ...fields("5"), FirstName: "" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "First name is required",
      fieldErrors: { FirstName: "First name is required" },
    });
  });
});

describe("the first account", () => {
  it("becomes an active Admin on an empty database", async () => {
    const empty = await createTestApp();
    try {
      const response = await empty.app.inject({
        method: "POST",
        url: "/api/v2/connect/register",
        ...multipart({
          UserName: "founder",
          Email: "founder@example.com",
          FirstName: "Fou",
          LastName: "Nder",
          PhoneNumber: "+92 300 1234567",
          Password: "founder-password",
        }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().user.status).toBe("active");
      const signIn = await empty.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: "founder@example.com", password: "founder-password" },
      });
      expect(signIn.json().user.roles).toEqual(["Admin"]);
    } finally {
      await empty.close();
    }
  });
});

describe("password recovery", () => {
  const linkOf = (text: string) => /\/forgot-password\/reset\?token=([\w-]+)/.exec(text)?.[1] ?? "";
  /** Asks for a reset link and waits for the mail, which leaves after the answer. */
  const mailedResetToken = async (email: string) => {
    const before = t.mails.length;
    await t.app.inject({ method: "POST", url: "/api/v2/connect/forgot-password", payload: { email } });
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    return linkOf(t.mails.at(-1)?.text ?? "");
  };

  it("answers the same for known and unknown emails and mails only the known one", async () => {
    const account = await t.createAccount();
    const before = t.mails.length;
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: "nobody-here@example.com" },
    });
    const known = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: account.email },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // The mail leaves after the answer (so the answer's timing tells nothing); the unknown email got none.
    await vi.waitFor(() => expect(t.mails.length).toBeGreaterThan(before));
    expect(t.mails.slice(before).map((mail) => mail.to)).toEqual([account.email]);
  });

  it("resets once with the mailed token, ends old sessions, and refuses reuse", async () => {
    const account = await t.createAccount();
    const old = await login({ email: account.email, password: account.password });
    const oldHeaders = bearerHeaders(
      old.json().accessToken,
      old.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value ?? "",
    );
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers: oldHeaders })).statusCode,
    ).toBe(200);
    const token = await mailedResetToken(account.email);
    expect(token.length).toBeGreaterThan(30);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token, password: "brand-new-password" },
    });
    expect(reset.statusCode).toBe(200);
    // A staff account's new password is for the back-office sign-in.
    expect(reset.json()).toEqual({ message: authMessages.resetDone, accountKind: "internal" });
    expect((await login({ email: account.email, password: "brand-new-password" })).statusCode).toBe(200);
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(401);
    const stale = await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers: oldHeaders });
    expect(stale.statusCode).toBe(401);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token, password: "another-password" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(authMessages.resetInvalid);
  });

  it("ends every other reset link of the account when one is used", async () => {
    const account = await t.createAccount();
    const first = await mailedResetToken(account.email);
    // One reset mail per account a minute (reset-flooding.test.ts).
    clock.advance(61_000);
    const second = await mailedResetToken(account.email);
    expect(first).not.toBe(second);
    const reset = (token: string, password: string) =>
      t.app.inject({ method: "POST", url: "/api/v2/connect/reset-password", payload: { token, password } });
    expect((await reset(second, "second-new-password")).statusCode).toBe(200);
    const stale = await reset(first, "first-new-password");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(authMessages.resetInvalid);
    expect((await login({ email: account.email, password: "second-new-password" })).statusCode).toBe(200);
  });

  it("refuses a token after 30 minutes", async () => {
    const account = await t.createAccount();
    const token = await mailedResetToken(account.email);
    clock.advance(31 * 60_000);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      payload: { token, password: "brand-new-password" },
    });
    expect(reset.statusCode).toBe(400);
    clock.set(new Date());
  });
});

describe("links in mails", () => {
  /** The link of a reset mail asked for with the given headers, from an app with the given settings. */
  const resetLinkWith = async (config: Partial<Config>, headers: Record<string, string>) => {
    const app = await createTestApp({ config });
    try {
      const account = await app.createAccount();
      await app.app.inject({
        method: "POST",
        url: "/api/v2/connect/forgot-password",
        payload: { email: account.email },
        headers,
      });
      await vi.waitFor(() => expect(app.mails).toHaveLength(1));
      return /https?:\/\/\S+/.exec(app.mails[0]?.text ?? "")?.[0] ?? "";
    } finally {
      await app.close();
    }
  };
  const hostile = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

  it("come from PUBLIC_URL, whatever Host and X-Forwarded-Host say, even behind a trusted proxy", async () => {
    for (const trustProxy of [false, true] as const) {
      const link = await resetLinkWith({ publicUrl: "https://desk.example.com/", trustProxy }, hostile);
      expect(link).toMatch(/^https:\/\/desk\.example\.com\/forgot-password\/reset\?token=[\w-]{40,}$/);
    }
  });

  it("without PUBLIC_URL, point to this server's local address, never to the request's host", async () => {
    for (const trustProxy of [false, true] as const) {
      const link = await resetLinkWith({ publicUrl: undefined, port: 8080, trustProxy }, hostile);
      expect(link).toMatch(/^http:\/\/localhost:8080\/forgot-password\/reset\?token=[\w-]{40,}$/);
    }
  });
});

describe("sign-in rate limit", () => {
  it("answers 429 with a clear message past the limit, counted in the database so every replica shares it", async () => {
    const limited = await createTestApp({ config: { loginRateLimit: 3 } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/v2/connect/verify-login",
          payload: { email: "someone@example.com", password: "guess" },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(serverMessages.rateLimited);
      const counters = await limited.db.kysely.selectFrom("rateLimits").select(["key", "hits"]).execute();
      expect(counters).toContainEqual({ key: "POST /api/v2/connect/verify-login|127.0.0.1", hits: 4 });
      // Each limited route counts on its own: password recovery is still open to this address.
      const recovery = await limited.app.inject({
        method: "POST",
        url: "/api/v2/connect/forgot-password",
        payload: { email: "someone@example.com" },
      });
      expect(recovery.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
