import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serializerCompiler } from "./response-serializer";

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" });

describe("the compiled answer serializer", () => {
  it("writes only the fields the answer schema declares, at every depth", () => {
    const write = compile(
      z.object({
        id: z.number().int(),
        name: z.string().nullable(),
        items: z.array(z.object({ a: z.boolean() })),
      }),
    );
    const answer = { id: 1, name: null, passwordHash: "secret", items: [{ a: true, passwordHash: "x" }] };
    expect(JSON.parse(write(answer))).toEqual({ id: 1, name: null, items: [{ a: true }] });
  });

  it("keeps the zod serializer for shapes it cannot write exactly (a record)", () => {
    const write = compile(z.object({ fieldErrors: z.record(z.string(), z.string()).optional() }));
    expect(JSON.parse(write({ fieldErrors: { email: "taken" }, extra: 1 }))).toEqual({
      fieldErrors: { email: "taken" },
    });
  });
});
