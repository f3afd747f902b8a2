import { AUDIT_SEARCH_WINDOW, auditMessages } from "@visadesk/contract/audit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant, sendForm, uniqueTag } from "#test/builders";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

// Activity names the records and the people of its rows, finds them by name, and names no more than the
// reader may see.
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("Admin");
});
afterAll(() => t.close());

type Entry = {
  action: string;
  entity: string;
  entityId: string | null;
  actor: { guidId: string; name: string } | null;
  actorEmail: string | null;
  recordName: string | null;
  subject: string | null;
  ip: string | null;
};
async function audit(query: Record<string, string>, headers = admin.headers) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/v2/audit",
    query: { pageSize: "100", ...query },
    headers,
  });
  return response;
}
async function entries(query: Record<string, string>, headers = admin.headers) {
  const response = await audit(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Entry[];
}

describe("names in the history", () => {
  it("names a consultant by name and business, and the actor with their email", async () => {
    const tag = uniqueTag();
    const consultant = await registerConsultant(t.app, admin.headers, {
      Name: `Amina ${tag}`,
      BusinessName: `Khan Visas ${tag}`,
    });
    const [row] = await entries({ entity: "consultant", entityId: consultant.guidId });
    expect(row).toMatchObject({
      action: "create",
      recordName: `Amina ${tag} (Khan Visas ${tag})`,
      actorEmail: admin.user.email,
    });
  });

  it("names an app user by full name and email", async () => {
    const tag = uniqueTag();
    const added = await sendForm(
      t.app,
      { method: "POST", url: "/api/v2/User/adduser", headers: admin.headers },
      {
        UserName: `bilal${tag}`,
        Email: `bilal${tag}@example.com`,
        FirstName: "Bilal",
        LastName: `Ahmed${tag}`,
        PhoneNumber: "+92 300 7654321",
        DateOfBirth: "1990-05-17",
        cnic: `35204-${String(Date.now()).slice(-7)}-3`,
        Address: "House 4, Islamabad",
        Password: "app-user-password",
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const [row] = await entries({ entity: "user", entityId: added.json().guidId });
    expect(row?.recordName).toBe(`Bilal Ahmed${tag} (bilal${tag}@example.com)`);
  });

  it("keeps the name typed at a failed sign-in and the address it came from", async () => {
    const typed = `nobody-${uniqueTag()}@example.com`;
    const failed = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: typed, password: "wrong-password" },
      remoteAddress: "10.20.30.40",
    });
    expect(failed.statusCode).toBe(401);
    const rows = await entries({ action: "sign-in-failed", search: typed });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: null, entityId: null, subject: typed, ip: "10.20.30.40" });
  });
});

describe("search", () => {
  it("finds rows by the record's name, the business, the actor's name, and nothing else", async () => {
    const tag = uniqueTag();
    const consultant = await registerConsultant(t.app, admin.headers, {
      Name: `Zarina ${tag}`,
      BusinessName: `Quetta Routes ${tag}`,
    });
    const other = await registerConsultant(t.app, admin.headers, { Name: `Other ${tag}x` });
    const byName = await entries({ search: `zarina ${tag}` });
    expect(byName.map((row) => row.entityId)).toEqual([consultant.guidId]);
    const byBusiness = await entries({ search: `QUETTA ROUTES ${tag}` });
    expect(byBusiness.map((row) => row.entityId)).toEqual([consultant.guidId]);
    expect((await entries({ search: `Other ${tag}x` })).map((row) => row.entityId)).toEqual([other.guidId]);

    // The actor's name as the row keeps it (the Admin's user name here: the account has no full name).
    const actor =
      (await entries({ entity: "consultant", entityId: consultant.guidId }))[0]?.actor?.name ?? "";
    expect(actor).not.toBe("");
    const byActor = await entries({ search: actor, entity: "consultant", entityId: consultant.guidId });
    expect(byActor.map((row) => row.action)).toEqual(["create"]);
    expect(
      await entries({ search: `${actor}-nobody`, entityId: consultant.guidId, entity: "consultant" }),
    ).toEqual([]);
    // A % is a character to find, not a wildcard.
    const percent = await entries({ search: "%%" });
    expect(percent.every((row) => JSON.stringify(row).includes("%"))).toBe(true);
  });

  it("refuses a one-character search with the product's message", async () => {
    const response = await audit({ search: "a" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ search: auditMessages.searchTooShort });
  });

  it("looks among the newest rows only and says so when older ones exist", async () => {
    const at = new Date("2001-01-01T00:00:00Z").getTime();
    const tag = uniqueTag();
    const rows = Array.from({ length: AUDIT_SEARCH_WINDOW + 1 }, (_, index) => ({
      at: new Date(at + index * 1000).toISOString(),
      actorGuidId: null,
      actorName: index === 0 ? `Oldest ${tag}` : `Bulk ${tag}`,
      action: "update",
      entity: "settings",
      entityId: null,
      aboutEntity: null,
      aboutEntityId: null,
      subject: null,
      changes: "{}",
      requestId: null,
      ip: null,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await t.db.kysely
        .insertInto("auditLog")
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const to = new Date(at + rows.length * 1000).toISOString();
    const limited = await audit({ search: `Oldest ${tag}`, entity: "settings", to });
    expect(limited.statusCode).toBe(200);
    // The oldest row lies one past the window of the newest 10,000: not found, and the answer says why.
    expect(limited.json()).toMatchObject({ data: [], searchLimited: true });
    const narrowed = await audit({
      search: `Oldest ${tag}`,
      entity: "settings",
      to: new Date(at + 1000).toISOString(),
    });
    expect(narrowed.json()).toMatchObject({ searchLimited: false });
    expect(narrowed.json().data).toHaveLength(1);
  });
});

describe("what Staff are told", () => {
  it("names an app user's record for Staff, but not an Admin actor's email", async () => {
    const staff = await t.signIn("Staff");
    const appUser = await t.createAccount({ role: "AppUser" });
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${appUser.guidId}/send-password-reset`,
      headers: admin.headers,
    });
    expect(reset.statusCode).toBe(200);
    const rows = await entries({ entity: "user", entityId: appUser.guidId }, staff.headers);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.recordName).toContain(appUser.email);
      // Another internal account's email is the Admins' to see, like its history.
      if (row.actor?.guidId === admin.user.guidId) expect(row.actorEmail).toBeNull();
    }
  });
});
