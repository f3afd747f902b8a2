import { serverMessages } from "@visadesk/contract/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, multipart, type TestApp } from "../../test/helpers";

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const send = (payload: string | Buffer, contentType: string, url = "/api/v2/Consultants/register") =>
  t.app.inject({ method: "POST", url, payload, headers: { ...headers, "content-type": contentType } });

describe("broken multipart forms (found by the fuzz tests: they were 500s)", () => {
  const part = '--abc\r\nContent-Disposition: form-data; name="Name"\r\n\r\nAmina\r\n--abc--\r\n';

  it("answers 400 with a readable message for a form without a boundary", async () => {
    for (const url of ["/api/v2/Consultants/register", "/api/v2/connect/register", "/api/v2/User/adduser"]) {
      const answer = await send(part, "multipart/form-data", url);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(serverMessages.formUnreadable);
    }
  });

  it("answers 400 for a form cut short", async () => {
    const answer = await send(part.slice(0, 40), "multipart/form-data; boundary=abc");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(serverMessages.formUnreadable);
  });

  it("refuses parts named __proto__ or constructor with a readable 400", async () => {
    for (const name of ["__proto__", "constructor"]) {
      const form = `--abc\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n--abc--\r\n`;
      const answer = await send(form, "multipart/form-data; boundary=abc");
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/not allowed/);
    }
  });

  it("still answers 413 for too many files", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `f${i}`,
        { fileName: `f${i}.png`, content: Buffer.from("x"), contentType: "image/png" },
      ]),
    );
    const form = multipart({}, files);
    const answer = await send(form.payload, form.headers["content-type"]);
    expect(answer.statusCode).toBe(413);
  });
});
