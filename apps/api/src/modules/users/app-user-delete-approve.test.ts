import { authMessages } from "@visadesk/contract/auth-constants";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { describe, expect, it } from "vitest";
import { appointmentWindow } from "#api/lib/schedule";
import { historyOf } from "#test/builders";
import { multipart } from "#test/helpers";
import { add, admin, appUserFields, get, inject, signInAs, staff, t, useUsersApp } from "./users-test-app";

/** Deleting app users, deciding on registrations, and the roles that may call the user endpoints. */
useUsersApp();

describe("DELETE /api/v2/User/users/{id}", () => {
  it("soft-deletes: the user leaves lists and counts, keeps its appointments, and its CNIC frees up", async () => {
    const fields = appUserFields();
    const created = (await add(fields)).json();
    const row = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("guidId", "=", created.guidId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const consultant = await t.db.kysely
      .insertInto("consultants")
      .values({
        guidId: crypto.randomUUID(),
        name: "Visa Pro",
        businessName: "Visa Pro Ltd",
        contactEmail: "pro@example.com",
        phoneNumber: "123",
        isApproved: true,
        isPremium: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto("appointments")
      .values({
        guidId: crypto.randomUUID(),
        userId: row.id,
        consultantId: consultant.id,
        appointmentDate: "2030-01-01",
        appointmentTime: "10:00:00",
        ...appointmentWindow("2030-01-01", "10:00", "Asia/Karachi"),
        description: "Study visa",
        isConfirmed: false,
        isCancelled: false,
        isPaid: false,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const statsBefore = (await get("/api/v2/Dashboard/stats")).json();

    // Its upcoming appointment needs a decision: kept.
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${created.guidId}?appointments=keep`,
      headers: staff,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'AppUser deleted; 1 upcoming appointment kept, flagged "customer removed"',
      cancelledAppointments: 0,
      keptAppointments: 1,
    });

    expect((await get(`/api/v2/User/users/${created.guidId}`)).statusCode).toBe(404);
    const list = (await get(`/api/v2/User/users?role=AppUser&page=1&search=${fields.UserName}`)).json();
    expect(list).toEqual({ data: [], total: 0 });
    expect((await get("/api/v2/Dashboard/stats")).json().appUsers).toBe(statsBefore.appUsers - 1);
    const kept = await t.db.kysely
      .selectFrom("appointments")
      .select("id")
      .where("userId", "=", row.id)
      .execute();
    expect(kept).toHaveLength(1);
    // The row is kept (deletedAt set), and its username, email and CNIC may be used again.
    const deleted = await t.db.kysely
      .selectFrom("users")
      .select("deletedAt")
      .where("guidId", "=", created.guidId)
      .executeTakeFirstOrThrow();
    expect(deleted.deletedAt).not.toBeNull();
    expect((await add(fields)).statusCode).toBe(201);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${created.guidId}`,
      headers: staff,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses to delete internal accounts", async () => {
    const internal = await t.createAccount({ role: "Staff" });
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${internal.guidId}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(403);
    expect((await signInAs(internal.email, internal.password)).statusCode).toBe(200);
  });
});

describe("approving registrations", () => {
  const decide = (guidId: string, decision: "approve" | "reject", headers = admin) =>
    t.app.inject({ method: "POST", url: `/api/v2/User/users/${guidId}/${decision}`, headers });

  it("an Admin approves a pending account, which can then sign in", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    expect((await signInAs(pending.email, pending.password)).json().message).toBe(
      authMessages.pendingApproval,
    );
    const response = await decide(pending.guidId, "approve");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: approvalMessages.approved, user: { status: "active" } });
    expect((await signInAs(pending.email, pending.password)).statusCode).toBe(200);
    expect(t.mails.at(-1)?.to).toBe(pending.email);
    const twice = await decide(pending.guidId, "approve");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(approvalMessages.notPending);
  });

  it("an Admin rejects a pending account: it is hidden and cannot sign in", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const response = await decide(pending.guidId, "reject");
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(approvalMessages.rejected);
    expect((await signInAs(pending.email, pending.password)).json().message).toBe(authMessages.rejected);
    expect((await get(`/api/v2/User/users/${pending.guidId}`)).statusCode).toBe(404);
  });

  it("Staff gets 403 and nothing changes", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    for (const decision of ["approve", "reject"] as const) {
      const response = await decide(pending.guidId, decision, staff);
      expect(response.statusCode).toBe(403);
    }
    expect((await get(`/api/v2/User/users/${pending.guidId}`)).json().status).toBe("pending");
  });

  it("an Admin re-opens a rejected registration: pending again, recorded, listed, and still no sign-in", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    expect((await decide(pending.guidId, "reject")).statusCode).toBe(200);
    const reopen = (headers = admin) =>
      t.app.inject({ method: "POST", url: `/api/v2/User/users/${pending.guidId}/reopen`, headers });
    expect((await reopen(staff)).statusCode).toBe(403);

    const response = await reopen();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: approvalMessages.reopened,
      user: { guidId: pending.guidId, status: "pending" },
    });
    const [row] = await historyOf(t.app, admin, "user", pending.guidId);
    expect(row).toMatchObject({ action: "reopen", changes: { status: { from: "rejected", to: "pending" } } });
    const listed = (await get(`/api/v2/User/users?role=internal&page=1&search=${pending.userName}`)).json();
    expect(listed).toMatchObject({ total: 1, data: [{ guidId: pending.guidId, status: "pending" }] });
    expect((await signInAs(pending.email, pending.password)).json().message).toBe(
      authMessages.pendingApproval,
    );

    const again = await reopen();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(approvalMessages.notRejected);
    // Decided once more, as any pending registration.
    expect((await decide(pending.guidId, "approve")).statusCode).toBe(200);
    expect((await signInAs(pending.email, pending.password)).statusCode).toBe(200);
  });
});

describe("roles", () => {
  it("every user endpoint refuses a request without a token (401)", async () => {
    const calls = [
      { method: "GET", url: "/api/v2/User/users" },
      { method: "GET", url: "/api/v2/User/users/x" },
      { method: "POST", url: "/api/v2/User/adduser" },
      { method: "PUT", url: "/api/v2/User/update-user?id=x" },
      { method: "DELETE", url: "/api/v2/User/users/x" },
      { method: "POST", url: "/api/v2/User/users/x/approve" },
      { method: "POST", url: "/api/v2/User/users/x/reject" },
    ] as const;
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
  });

  it("an AppUser's session gets 403 on every user endpoint", async () => {
    // AppUsers cannot sign in to the back-office; a session made for one directly must still be refused.
    const appUser = await t.createAccount({ role: "AppUser" });
    const { headers } = await t.sessionFor(appUser);
    expect((await get("/api/v2/User/users", headers)).statusCode).toBe(403);
    expect((await get(`/api/v2/User/users/${appUser.guidId}`, headers)).statusCode).toBe(403);
    expect(
      (await inject("POST", "/api/v2/User/adduser", multipart(appUserFields()), headers)).statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${appUser.guidId}`,
      headers,
    });
    expect(removed.statusCode).toBe(403);
  });
});
