import { randomUUID } from "node:crypto";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "#test/builders";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const list = (query = "") =>
  t.app.inject({ method: "GET", url: `/api/v2/Consultants/consultants${query}`, headers });

const register = (fields: Record<string, string>) => registerConsultant(t.app, headers, fields);

describe("GET /api/v2/Consultants/consultants", () => {
  const tag = randomUUID().slice(0, 6);
  const created: { guidId: string; name: string }[] = [];
  beforeAll(async () => {
    for (let n = 1; n <= 14; n += 1) {
      created.push(
        await register({
          Name: `Pager ${tag} ${String(n).padStart(2, "0")}`,
          BusinessName: n === 3 ? `Northern LIGHTS Visas ${tag}` : `Agency ${tag}`,
          ContactEmail: n === 5 ? `zed.${tag}@mail.example` : `pager${n}.${tag}@example.com`,
          PhoneNumber: "555-0100",
          country: n === 7 ? "australia" : "canada",
        }),
      );
    }
  });

  it("answers the whole list as { data } without parameters, newest first", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty("total");
    const ours = body.data.filter((c: { name: string }) => c.name.includes(tag));
    expect(ours.map((c: { guidId: string }) => c.guidId)).toEqual(created.map((c) => c.guidId).reverse());
    expect(ours[0]).toMatchObject({
      guidId: expect.any(String),
      id: expect.any(Number),
      contactEmail: expect.any(String),
    });
  });

  it("pages by 12 with total, newest first, without gaps or repeats", async () => {
    const first = (await list(`?page=1&pageSize=${PAGE_SIZE}&search=${tag}`)).json();
    const second = (await list(`?page=2&pageSize=${PAGE_SIZE}&search=${tag}`)).json();
    expect(first.total).toBe(14);
    expect(first.data).toHaveLength(12);
    expect(second.data).toHaveLength(2);
    expect([...first.data, ...second.data].map((c: { name: string }) => c.name)).toEqual(
      created.map((c) => c.name).reverse(),
    );
    const beyond = (await list(`?page=9&pageSize=12&search=${tag}`)).json();
    expect(beyond).toEqual({ data: [], total: 14 });
  });

  it("searches name, contact email, business name and country: case-insensitive substrings", async () => {
    const names = async (search: string) =>
      (await list(`?page=1&pageSize=50&search=${encodeURIComponent(search)}`))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await names(`pager ${tag} 09`)).toEqual([`Pager ${tag} 09`]);
    expect(await names(`ZED.${tag}`)).toEqual([`Pager ${tag} 05`]);
    expect(await names(`northern lights visas ${tag}`)).toEqual([`Pager ${tag} 03`]);
    expect((await names("australia")).filter((name: string) => name.includes(tag))).toEqual([
      `Pager ${tag} 07`,
    ]);
    expect(await names(`no such consultant ${tag}`)).toEqual([]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    const body = (await list(`?page=1&search=${encodeURIComponent("%_%")}`)).json();
    expect(body).toEqual({ data: [], total: 0 });
  });

  it("answers 400 for a page below 1 or a page size over 100", async () => {
    expect((await list("?page=0")).statusCode).toBe(400);
    expect((await list("?page=1&pageSize=101")).statusCode).toBe(400);
  });

  it("leaves deleted consultants out of pages and totals", async () => {
    const gone = await register({
      Name: `Deleted ${tag}`,
      BusinessName: "Gone Ltd",
      ContactEmail: "gone@example.com",
      PhoneNumber: "+1 555 0100",
    });
    expect((await list(`?page=1&search=deleted ${tag}`)).json().total).toBe(1);
    await t.app.inject({ method: "DELETE", url: `/api/v2/Consultants/${gone.guidId}`, headers });
    expect((await list(`?page=1&search=deleted ${tag}`)).json()).toEqual({ data: [], total: 0 });
  });
});
