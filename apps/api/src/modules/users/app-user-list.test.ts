import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { describe, expect, it } from "vitest";
import { createTestApp, multipart } from "#test/helpers";
import { add, appUserFields, get, t, useUsersApp } from "./users-test-app";

/** Listing app users and internal accounts, and reading one (GET /api/v2/User/users). */
useUsersApp();

describe("GET /api/v2/User/users", () => {
  it("answers every listed user as an array without page parameters, AppUser tokens get 403", async () => {
    const created = (await add(appUserFields())).json();
    const response = await get("/api/v2/User/users");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((u: { guidId: string }) => u.guidId === created.guidId)).toMatchObject({
      userRoles: { roles: ["AppUser"] },
    });
    expect(list.some((u: { userRoles: { roles: string[] } }) => u.userRoles.roles.includes("Admin"))).toBe(
      true,
    );
    expect(JSON.stringify(list)).not.toContain("passwordHash");
    expect((await t.app.inject({ method: "GET", url: "/api/v2/User/users" })).statusCode).toBe(401);
  });

  it("answers one page plus total, newest first, filtered by role and searched by each field", async () => {
    const local = await createTestApp();
    try {
      const headers = (await local.signIn("Staff")).headers;
      const created: Array<Record<string, string>> = [];
      for (let i = 0; i < PAGE_SIZE + 2; i += 1) {
        const fields = appUserFields({ FirstName: i === 3 ? "Zubair" : "Ali" });
        const body = multipart(fields);
        const response = await local.app.inject({
          method: "POST",
          url: "/api/v2/User/adduser",
          payload: body.payload,
          headers: { ...body.headers, ...headers },
        });
        expect(response.statusCode).toBe(201);
        created.push({ ...fields, guidId: response.json().guidId });
      }
      const pageOf = async (query: string) => {
        const response = await local.app.inject({
          method: "GET",
          url: `/api/v2/User/users?${query}`,
          headers,
        });
        expect(response.statusCode).toBe(200);
        return response.json() as {
          data: Array<{ guidId: string; userRoles: { roles: string[] } }>;
          total: number;
        };
      };
      const first = await pageOf(`role=AppUser&page=1&pageSize=${PAGE_SIZE}`);
      expect(first.total).toBe(PAGE_SIZE + 2);
      expect(first.data).toHaveLength(PAGE_SIZE);
      expect(first.data[0]?.guidId).toBe(created.at(-1)?.guidId);
      const second = await pageOf(`role=AppUser&page=2&pageSize=${PAGE_SIZE}`);
      expect(second.data.map((u) => u.guidId)).toEqual([created[1]?.guidId, created[0]?.guidId]);

      const internal = await pageOf("role=internal&page=1");
      expect(internal.total).toBe(1);
      expect(internal.data[0]?.userRoles.roles).toEqual(["Staff"]);

      const target = created[3] as Record<string, string>;
      for (const term of [
        target.UserName,
        target.Email?.toUpperCase(),
        "zubair",
        target.LastName,
        target.PhoneNumber?.slice(-7),
      ]) {
        const found = await pageOf(`role=AppUser&page=1&search=${encodeURIComponent(term ?? "")}`);
        expect(
          found.data.map((u) => u.guidId),
          term,
        ).toEqual([target.guidId]);
        expect(found.total).toBe(1);
      }
      const none = await pageOf("role=AppUser&page=1&search=nobody-matches-this");
      expect(none).toEqual({ data: [], total: 0 });
    } finally {
      await local.close();
    }
  });

  it("lists pending registrations among internal users, and hides rejected ones", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const rejected = await t.createAccount({ role: "Staff", status: "rejected" });
    const list = (await get("/api/v2/User/users?role=internal&page=1&pageSize=100")).json();
    const guids = list.data.map((u: { guidId: string }) => u.guidId);
    expect(guids).toContain(pending.guidId);
    expect(guids).not.toContain(rejected.guidId);
    expect(list.data.find((u: { guidId: string }) => u.guidId === pending.guidId).status).toBe("pending");
  });

  it("answers 400 for a page size over the maximum", async () => {
    expect((await get("/api/v2/User/users?page=1&pageSize=1000")).statusCode).toBe(400);
  });
});

describe("GET /api/v2/User/users/{id}", () => {
  it("answers one user by guidId, 404 for an unknown one", async () => {
    const created = (await add(appUserFields())).json();
    const response = await get(`/api/v2/User/users/${created.guidId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, noShowCount: 0 });
    const unknown = await get("/api/v2/User/users/00000000-0000-0000-0000-000000000000");
    expect(unknown.statusCode).toBe(404);
  });
});
