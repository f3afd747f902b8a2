import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "../test/builders";
import { createTestApp, type TestApp } from "../test/helpers";

/**
 * A page past the last one (an old link, ?page=999, the last record of a page deleted meanwhile): every
 * list answers 200 with no rows and the exact total, so the web app can go to the last page. A page that
 * is no page at all (0, -1, words) is refused with the product's error shape.
 */
let t: TestApp;
let headers: { authorization: string; cookie: string };
const tag = randomUUID().slice(0, 8);
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
  for (let n = 1; n <= 3; n += 1) {
    await registerConsultant(t.app, headers, {
      Name: `Range ${tag} ${n}`,
      ContactEmail: `range${n}.${tag}@example.com`,
    });
    await t.createAccount({ role: "AppUser", userName: `range_app_${tag}_${n}` });
    await t.createAccount({ role: "Staff", userName: `range_staff_${tag}_${n}` });
  }
});
afterAll(() => t.close());

const lists = {
  consultants: "/api/v2/Consultants/consultants?",
  "app users": "/api/v2/User/users?role=AppUser&",
  "internal users": "/api/v2/User/users?role=internal&",
};
const get = (url: string) => t.app.inject({ method: "GET", url, headers });

describe.each(Object.entries(lists))("the %s list", (_name, base) => {
  it("answers a page past the last one with no rows and the exact total", async () => {
    const last = await get(`${base}page=1&pageSize=2&search=${tag}`);
    expect(last.statusCode).toBe(200);
    expect(last.json().total).toBe(3);

    const beyond = await get(`${base}page=999&pageSize=2&search=${tag}`);
    expect(beyond.statusCode).toBe(200);
    const body = beyond.json();
    expect(body.data).toEqual([]);
    expect(body.total).toBe(3);
    expect(body).not.toHaveProperty("totalIsEstimate");
    // The last page the total gives is the one with the rows.
    const lastPage = Math.ceil(body.total / 2);
    expect((await get(`${base}page=${lastPage}&pageSize=2&search=${tag}`)).json().data).toHaveLength(1);
  });

  it("refuses a page that is no page with 400 and a message", async () => {
    for (const page of ["0", "-1", "last"]) {
      const response = await get(`${base}page=${page}&pageSize=2`);
      expect(response.statusCode, page).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});
