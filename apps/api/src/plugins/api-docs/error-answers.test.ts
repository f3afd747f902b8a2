import { customerBookingMessages } from "@visadesk/contract/customer-bookings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_API } from "../../../test/customers";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** Each error answer of an operation says what it means for that operation, not the shared words alone. */
type Responses = Record<string, { description: string }>;
type Document = { paths: Record<string, Record<string, { responses: Responses }>> };

let t: TestApp;
const documents: Record<string, Document> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const url of ["/api/docs/json", "/api/customer/docs/json"]) {
    documents[url] = (await t.app.inject({ method: "GET", url })).json() as Document;
  }
});
afterAll(() => t.close());

const answers = (url: string, path: string, method: string) => {
  const responses = documents[url]?.paths[path]?.[method]?.responses;
  if (!responses) throw new Error(`${method} ${path} is not in ${url}`);
  return responses;
};

describe("error answers per operation", () => {
  it("a customer operation names the refusals it gives, and declares no 403 it never answers", async () => {
    const book = answers("/api/customer/docs/json", `${CUSTOMER_API}/appointments`, "post");
    expect(book["403"]?.description).toContain(customerBookingMessages.emailNotVerified);
    expect(book["409"]?.description).toContain(customerBookingMessages.tooManyUpcoming(3));
    expect(book["401"]?.description).toMatch(/customer's access token/);
    expect(book["401"]?.description).not.toMatch(/token_binding/);

    const me = answers("/api/customer/docs/json", `${CUSTOMER_API}/me`, "get");
    expect(Object.keys(me)).not.toContain("403");
  });

  it("a back-office operation's 403 names the roles it is for", () => {
    const suspend = answers("/api/docs/json", "/api/v2/User/users/{id}/suspend", "post");
    expect(suspend["403"]?.description).toMatch(/only Admin may do this/);
    expect(suspend["401"]?.description).toMatch(/token_binding cookie/);
    const tasks = answers("/api/docs/json", "/api/v2/tasks", "get");
    expect(tasks["403"]?.description).not.toMatch(/only/);
  });
});
