import { describe, expect, it } from "vitest";
import { type Document, sampleCalls, sampleValue } from "./sample-calls";

const document: Document = {
  components: {
    schemas: { Role: { type: "string", enum: ["Admin", "Staff"] } },
    parameters: { Lang: { in: "header", name: "Accept-Language", schema: { type: "string" } } },
  },
  paths: {
    "/api/v2/things/{id}": {
      put: {
        operationId: "putThing",
        parameters: [
          { in: "path", name: "id", required: true, schema: { type: "integer", minimum: 1 } },
          { in: "query", name: "sort", required: true, schema: { type: "string", enum: ["name", "-name"] } },
          { in: "query", name: "page", schema: { type: "integer" } },
          { $ref: "#/components/parameters/Lang" },
        ],
        requestBody: {
          content: {
            "application/json": { schema: { type: "object" } },
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["Name", "Logo", "Day"],
                properties: {
                  Name: { type: "string" },
                  Logo: { type: "string", format: "binary" },
                  Day: { type: "string", format: "date" },
                  Note: { type: "string" },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe("sampleCalls", () => {
  it("gives each operation its path parameters, required query and a multipart body with Blobs", () => {
    expect(sampleCalls(document)).toEqual([
      {
        operationId: "putThing",
        method: "PUT",
        path: "/api/v2/things/{id}",
        pathParams: [["id", "1"]],
        query: '{ "sort": "name" }',
        body: {
          media: "multipart",
          value: '{ "Name": "x", "Logo": new Blob(["x"], { type: "image/png" }), "Day": "2026-12-07" }',
        },
      },
    ]);
  });

  it("samples a value each schema allows: enums, references, nullable unions, arrays, formats", () => {
    expect(sampleValue({ $ref: "#/components/schemas/Role" }, document)).toBe('"Admin"');
    expect(sampleValue({ anyOf: [{ type: "null" }, { type: "integer", minimum: 5 }] }, document)).toBe("5");
    expect(sampleValue({ type: "array", minItems: 2, items: { type: "boolean" } }, document)).toBe(
      "[true, true]",
    );
    expect(sampleValue({ type: "string", format: "date-time" }, document)).toBe('"2026-12-07T10:00:00.000Z"');
    expect(
      sampleValue(
        { type: "object", required: ["a"], properties: { a: { const: 3 }, b: { type: "string" } } },
        document,
      ),
    ).toBe('{ "a": 3 }');
  });
});
