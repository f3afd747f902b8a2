import { serverMessages } from "@visadesk/contract/common-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countFiles, createTestApp, multipart, type TestApp } from "#test/helpers";
import { findNulCharacter } from "./input-guard";

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const consultantCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom("consultants")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe("NUL characters in input (found by the fuzz tests: a 500 on PostgreSQL, which refuses NUL in text)", () => {
  it("finds NUL in nested values and keys, and names the field", () => {
    expect(findNulCharacter({ a: [{ b: "x\u0000" }] })).toBe("a.0.b");
    expect(findNulCharacter({ "k\u0000": 1 })).toBe("k\\0");
    expect(findNulCharacter("\u0000")).toBe("body");
    expect(findNulCharacter({ a: "fine", b: [1, null, true] })).toBeNull();
  });

  it("answers 400 with a readable message for NUL in a path parameter, a query string or a JSON body", async () => {
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/v2/Consultants/%00", headers }),
      t.app.inject({ method: "GET", url: "/api/v2/Consultants/consultants?search=a%00b", headers }),
      t.app.inject({
        method: "POST",
        url: "/api/v2/User/users/%00/reject",
        headers,
      }),
      t.app.inject({
        method: "POST",
        url: "/api/v2/connect/forgot-password",
        payload: { email: "admin@example.com\u0000" },
      }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(serverMessages.nulCharacter);
    }
  });

  it("answers 400 for NUL in a multipart field and stores nothing", async () => {
    const [consultants, files] = [await consultantCount(), await countFiles(t)];
    const form = multipart({
      Name: "Amina\u0000Khan",
      BusinessName: "Khan Visa Advisers",
      ContactEmail: "amina@example.com",
      PhoneNumber: "+92 300 1234567",
    });
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/register",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: serverMessages.nulCharacter,
      fieldErrors: { Name: serverMessages.nulCharacter },
    });
    expect(await consultantCount()).toBe(consultants);
    expect(await countFiles(t)).toBe(files);
  });
});
