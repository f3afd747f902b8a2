import { MAX_PAGE_SIZE, PAGE_SIZE_CHOICES } from "@visadesk/contract/common-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant, uniqueTag } from "#test/builders";
import { createTestApp, type TestApp } from "#test/helpers";

/** The lists' page sizes the web app offers (12, 25, 50, 100): each served as asked, none above refused. */
let t: TestApp;
let headers: { authorization: string };
const tag = uniqueTag();
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
  for (let n = 0; n < 26; n += 1) {
    await registerConsultant(t.app, headers, { Name: `Sized ${tag} ${n}`, BusinessName: `Sized ${tag}` });
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url: `/api/v2/${url}`, headers });

describe("the lists' page sizes", () => {
  it("serves every offered size as a page of that many rows", async () => {
    for (const size of PAGE_SIZE_CHOICES) {
      const response = await get(`Consultants/consultants?page=1&pageSize=${size}&search=Sized ${tag}`);
      expect(response.statusCode, String(size)).toBe(200);
      const body = response.json();
      expect(body.total).toBe(26);
      expect(body.data).toHaveLength(Math.min(size, 26));
    }
  });

  it.each(["Consultants/consultants", "User/users", "userAppointment/appointments"])(
    "%s: the largest size is served, one above it refused with a 400 naming pageSize (never clamped)",
    async (path) => {
      expect((await get(`${path}?page=1&pageSize=${MAX_PAGE_SIZE}`)).statusCode).toBe(200);
      const refused = await get(`${path}?page=1&pageSize=${MAX_PAGE_SIZE + 1}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatch(/pageSize/);
    },
  );
});
