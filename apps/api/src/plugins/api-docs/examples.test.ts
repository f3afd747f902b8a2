import { ERROR_CODES } from "@visadesk/contract/error-codes";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * A reader of the documents sees an example of every request body and every success answer, and each
 * example is valid against its own schema (as is every error answer's): an example that drifts from its
 * schema fails here.
 */
type Json = Record<string, unknown>;
type Media = { schema?: Json; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = Json & {
  summary?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } };

/** Media types with no example to give: the bytes of an image. */
const BYTES = /^image\//;

let t: TestApp;
const documents: Record<string, Document> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const url of ["/api/docs/json", "/api/customer/docs/json"]) {
    documents[url] = (await t.app.inject({ method: "GET", url })).json() as Document;
  }
});
afterAll(() => t.close());

/** OpenAPI 3.0's schema as JSON Schema: `nullable` as a null type, exclusive bounds as draft 7 writes them. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== "object") return node;
  const schema: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== "example" && key !== "nullable") schema[key] = asJsonSchema(value);
  }
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (schema[exclusive] === true) {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else if (schema[exclusive] === false) delete schema[exclusive];
  }
  if ((node as Json).nullable === true) return { anyOf: [schema, { type: "null" }] };
  return schema;
}

/** Each operation of a document: where it is, and it. */
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ where: `${method} ${path}`, operation })),
  );

/** Every example of a media: its example, or each of its named ones. */
const examplesOf = (media: Media): unknown[] =>
  "example" in media ? [media.example] : Object.values(media.examples ?? {}).map(({ value }) => value);

describe.each(["/api/docs/json", "/api/customer/docs/json"])("the examples of %s", (url) => {
  it("every request body and every success answer has one", () => {
    const missing: string[] = [];
    for (const { where, operation } of operationsOf(documents[url] as Document)) {
      const medias = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => ({
          at: "body",
          type,
          media,
        })),
        ...Object.entries(operation.responses)
          .filter(([status]) => status.startsWith("2"))
          .flatMap(([status, answer]) =>
            Object.entries(answer.content ?? {}).map(([type, media]) => ({ at: status, type, media })),
          ),
      ];
      for (const { at, type, media } of medias) {
        if (BYTES.test(type)) continue;
        if (examplesOf(media).length === 0) missing.push(`${where} ${at} ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every example is valid against its schema, errors' included", () => {
    const document = documents[url] as Document;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const components = asJsonSchema(document.components) as Json;
    const invalid: string[] = [];
    let checked = 0;
    for (const { where, operation } of operationsOf(document)) {
      const medias = [
        ...Object.values(operation.requestBody?.content ?? {}).map((media) => ({ at: "body", media })),
        ...Object.entries(operation.responses).flatMap(([status, answer]) =>
          Object.values(answer.content ?? {}).map((media) => ({ at: status, media })),
        ),
      ];
      for (const { at, media } of medias) {
        if (!media.schema) continue;
        const validate = ajv.compile({ ...(asJsonSchema(media.schema) as Json), components });
        for (const example of examplesOf(media)) {
          checked += 1;
          if (!validate(example)) invalid.push(`${where} ${at}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it("every CSV export's example is the first line the export sends", async () => {
    const { headers } = await t.signIn("Admin");
    const exports = operationsOf(documents[url] as Document).filter(
      ({ operation }) => operation.responses["200"]?.content?.["text/csv"],
    );
    for (const { where } of exports) {
      const media = (documents[url] as Document).paths[where.split(" ")[1] as string]?.get?.responses["200"]
        ?.content?.["text/csv"] as Media;
      const sent = await t.app.inject({ method: "GET", url: where.split(" ")[1] as string, headers });
      expect(sent.statusCode, where).toBe(200);
      const firstLine = `${sent.body.replace(/^\uFEFF/, "").split("\n")[0]}\n`;
      expect(media.example, where).toBe(firstLine);
    }
    expect(exports.length).toBe(url === "/api/docs/json" ? 4 : 0);
  });

  it("every success answer says what it is, not its operation's summary again", () => {
    const repeated: string[] = [];
    for (const { where, operation } of operationsOf(documents[url] as Document)) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!status.startsWith("2")) continue;
        if (answer.description === operation.summary || answer.description === "Default Response") {
          repeated.push(`${where} ${status}`);
        }
      }
    }
    expect(repeated).toEqual([]);
  });

  it("every 409 shows the refusals it gives, each with its code from the catalogue", () => {
    const unshown: string[] = [];
    for (const { where, operation } of operationsOf(documents[url] as Document)) {
      const conflict = operation.responses["409"]?.content?.["application/json"];
      if (!conflict) continue;
      const examples = examplesOf(conflict) as Array<{ code?: string }>;
      if (examples.length === 0) unshown.push(where);
      for (const example of examples) expect(ERROR_CODES, where).toContain(example.code);
    }
    expect(unshown).toEqual([]);
  });
});
