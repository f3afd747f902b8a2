import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestAccount, type TestApp, testClock } from "#test/helpers";

// The Internal Users list tells an Admin which accounts are locked out and which have two-factor set up, so
// the row offers Unlock and Reset two-factor only where they act.
let t: TestApp;
const clock = testClock();
let admin: { authorization: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const failTenTimes = async (login: { email?: string; userName?: string }, from: string) => {
  for (let i = 0; i < 10; i += 1) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { ...login, password: `wrong-${i}` },
      remoteAddress: from,
    });
    expect(response.statusCode).toBe(401);
  }
};
const listed = async (account: TestAccount, headers: Record<string, string> = admin) => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/v2/User/users?role=internal&page=1&pageSize=10&search=${account.userName}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.find((user: { guidId: string }) => user.guidId === account.guidId);
};

describe("the sign-in state of internal accounts", () => {
  it("says Locked after 10 failures from one address, until an Admin unlocks it", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const untouched = await t.createAccount({ role: "Staff" });
    expect((await listed(account)).signIn).toEqual({ locked: false, twoFactor: false });

    await failTenTimes({ email: account.email }, "10.9.0.1");
    expect((await listed(account)).signIn).toEqual({ locked: true, twoFactor: false });
    expect((await listed(untouched)).signIn).toEqual({ locked: false, twoFactor: false });

    const unlock = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${account.guidId}/unlock`,
      headers: admin,
    });
    expect(unlock.statusCode).toBe(200);
    expect((await listed(account)).signIn.locked).toBe(false);
  });

  it("counts a lock by username too", async () => {
    const byName = await t.createAccount({ role: "Staff" });
    await failTenTimes({ userName: byName.userName }, "10.9.0.2");
    expect((await listed(byName)).signIn.locked).toBe(true);
  });

  it("does not count 9 failures as a lock", async () => {
    const almost = await t.createAccount({ role: "Staff" });
    for (let i = 0; i < 9; i += 1) {
      await t.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: almost.email, password: `wrong-${i}` },
        remoteAddress: "10.9.0.3",
      });
    }
    expect((await listed(almost)).signIn.locked).toBe(false);
  });

  it("does not count failures older than the window", async () => {
    const aged = await t.createAccount({ role: "Staff" });
    await failTenTimes({ email: aged.email }, "10.9.0.4");
    clock.advance(16 * 60_000);
    try {
      expect((await listed(aged)).signIn.locked).toBe(false);
    } finally {
      clock.set(new Date());
    }
  });

  it("says which accounts have two-factor set up", async () => {
    const account = await t.createAccount({ role: "Admin" });
    await t.db.kysely.updateTable("users").set({ isMfaEnabled: true }).where("id", "=", account.id).execute();
    expect((await listed(account)).signIn).toEqual({ locked: false, twoFactor: true });
  });

  it("is an Admin's: Staff and app user lists get no sign-in state", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const staff = (await t.signIn("Staff")).headers;
    expect(await listed(account, staff)).not.toHaveProperty("signIn");
    const appUsers = await t.app.inject({
      method: "GET",
      url: "/api/v2/User/users?role=AppUser&page=1&pageSize=5",
      headers: admin,
    });
    for (const user of appUsers.json().data) expect(user).not.toHaveProperty("signIn");
  });
});

describe("one internal account's page", () => {
  const read = async (guidId: string, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: "GET", url: `/api/v2/User/users/${guidId}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("gives an Admin the account's sign-in state, as the list has it", async () => {
    const account = await t.createAccount({ role: "Staff" });
    expect((await read(account.guidId, admin)).signIn).toEqual({ locked: false, twoFactor: false });
    await failTenTimes({ email: account.email }, "10.9.0.5");
    const locked = await read(account.guidId, admin);
    expect(locked.signIn).toEqual({ locked: true, twoFactor: false });
    expect(locked.userRoles.roles).toEqual(["Staff"]);
  });

  it("gives Staff the account without its sign-in state, and app users never have one", async () => {
    const account = await t.createAccount({ role: "Admin" });
    const staff = (await t.signIn("Staff")).headers;
    const asStaff = await read(account.guidId, staff);
    expect(asStaff.email).toBe(account.email);
    expect(asStaff).not.toHaveProperty("signIn");
    const appUser = await t.createAccount({ role: "AppUser" });
    expect(await read(appUser.guidId, admin)).not.toHaveProperty("signIn");
  });
});
