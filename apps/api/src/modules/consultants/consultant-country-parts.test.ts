import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "#test/builders";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

// The API document declares the form's countries as a list: a generated client sends one part per country.
describe("a consultant's countries in the multipart form", () => {
  it("keeps every country sent as its own part", async () => {
    const consultant = await registerConsultant(t.app, headers, { country: ["pakistan", "Canada"] });
    expect(consultant.country).toBe("pakistan,canada");
  });

  it("still reads one comma-joined part, as the spec's client sends it", async () => {
    const consultant = await registerConsultant(t.app, headers, { country: "pakistan,australia" });
    expect(consultant.country).toBe("pakistan,australia");
  });

  it("refuses a part that is not one of the form's countries", async () => {
    const form = multipart({ Name: "Amina", BusinessName: "Visas", country: ["pakistan", "atlantis"] });
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/register",
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(answer.statusCode).toBe(400);
  });
});
