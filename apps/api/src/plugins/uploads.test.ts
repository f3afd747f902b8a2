import {
  MAX_FORM_FIELD_BYTES,
  MAX_IMAGE_BYTES,
  MAX_PUBLIC_IMAGE_BYTES,
  serverMessages,
  uploadMessages,
} from "@visadesk/contract/common-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, multipart, type TestApp } from "#test/helpers";

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
});

describe("each limit of a request body says which it is, with the real limit", () => {
  const file = (content: Buffer) => ({ fileName: "f.png", content, contentType: "image/png" });
  const expectLimit = (answer: { statusCode: number; json(): unknown }, message: string) => {
    expect(answer.statusCode).toBe(413);
    // The product's error shape: { message, code, error?, fieldErrors? } and nothing else.
    const body = answer.json() as Record<string, unknown>;
    expect(body.message).toBe(message);
    expect(body.code).toEqual(expect.stringMatching(/^[a-z][a-z0-9_]*$/));
    expect(Object.keys(body).every((key) => ["message", "code", "error", "fieldErrors"].includes(key))).toBe(
      true,
    );
  };

  it("six files: too many files, at most 5", async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, file(Buffer.from("x"))]));
    const form = multipart({}, files);
    const answer = await send(form.payload, form.headers["content-type"]);
    expectLimit(answer, "Too many files: a form may carry at most 5 files");
    expect(uploadMessages.tooManyFiles).toBe("Too many files: a form may carry at most 5 files");
  });

  it("seventy fields: too many fields, at most 60", async () => {
    const fields = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`field${i}`, "x"]));
    const form = multipart(fields);
    const answer = await send(form.payload, form.headers["content-type"]);
    expectLimit(answer, "Too many fields: a form may carry at most 60 fields");
  });

  it("a text field over 64 KB: the field is too long (it was cut short and stored as if whole)", async () => {
    const form = multipart({ Name: "n".repeat(MAX_FORM_FIELD_BYTES + 1) });
    const answer = await send(form.payload, form.headers["content-type"]);
    expectLimit(answer, "A field is too long: each text field may hold at most 64 KB");
  });

  it("a file over 5 MB from a signed-in user, over 2 MB on the public registration form", async () => {
    const signedIn = multipart({}, { Logo: file(Buffer.alloc(MAX_IMAGE_BYTES + 1)) });
    expectLimit(
      await send(signedIn.payload, signedIn.headers["content-type"]),
      "The file is too large: images must be at most 5 MB",
    );
    const publicForm = multipart({}, { ProfilePic: file(Buffer.alloc(MAX_PUBLIC_IMAGE_BYTES + 1)) });
    expectLimit(
      await send(publicForm.payload, publicForm.headers["content-type"], "/api/v2/connect/register"),
      "The file is too large: images must be at most 2 MB",
    );
  });

  it("a 2 MB JSON body: the body is too large, at most 1 MB (not an image limit)", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: JSON.stringify({ email: "a@example.com", password: "p".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expectLimit(answer, "The request body is too large: at most 1 MB");
  });
});
