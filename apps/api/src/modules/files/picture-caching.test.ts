import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_API, quickCustomer } from "#test/customers";
import { PNG_1PX } from "#test/fixtures";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

/**
 * A consultant's logo and pictures are public and never change under a name: cached for good. A person's
 * picture is personal data: `private, no-cache` with an ETag, so no shared cache keeps it and a browser asks
 * again each time; once it is removed or erased, the next ask answers 404.
 */
let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

const png = { fileName: "me.png", contentType: "image/png", content: PNG_1PX };
const served = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers });

describe("how long a picture may be kept", () => {
  it("a consultant's logo: public, max-age=31536000, immutable", async () => {
    const body = multipart(
      {
        Name: `Cache Test ${randomUUID().slice(0, 8)}`,
        BusinessName: "Cached Ltd",
        ContactEmail: "cache@example.com",
        PhoneNumber: "+1 555 0100",
      },
      { Logo: png },
    );
    const added = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/register",
      payload: body.payload,
      headers: { ...staff, ...body.headers },
    });
    expect(added.statusCode, added.body).toBe(201);
    const logo = added.json().logoURL as string;
    for (const path of [logo, `${logo}?size=thumbnail`]) {
      const answer = await served(path);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("a customer's own picture: private, no-cache with an ETag (304 while unchanged), 404 once removed", async () => {
    const customer = await quickCustomer(t);
    const form = multipart({}, { picture: png });
    const uploaded = await t.app.inject({
      method: "PATCH",
      url: `${CUSTOMER_API}/me`,
      payload: form.payload,
      headers: { ...customer.headers, ...form.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const picture = uploaded.json().profilePic as string;

    for (const path of [picture, `${picture}?size=thumbnail`]) {
      const answer = await served(path);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      const etag = answer.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await served(path, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const original = (await served(picture)).headers.etag;
    const thumbnail = (await served(`${picture}?size=thumbnail`)).headers.etag;
    expect(original).not.toBe(thumbnail);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me/picture`,
      headers: customer.headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await served(picture, { "if-none-match": original as string })).statusCode).toBe(404);
  });

  it("an app user's picture that staff uploaded is personal too", async () => {
    const n = randomUUID().slice(0, 6);
    const body = multipart(
      {
        UserName: `cached${n}`,
        Email: `cached${n}@example.com`,
        FirstName: "Cai",
        LastName: `Che${n}`,
        PhoneNumber: "+92 300 7000001",
        DateOfBirth: "1991-02-03",
        cnic: "35202-7000001-1",
        Address: "1 Canal Road, Lahore",
        Password: "app-user-password",
      },
      { ProfilePic: png },
    );
    const added = await t.app.inject({
      method: "POST",
      url: "/api/v2/User/adduser",
      payload: body.payload,
      headers: { ...staff, ...body.headers },
    });
    expect(added.statusCode, added.body).toBe(201);
    const answer = await served(added.json().profilePic as string);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
  });
});
