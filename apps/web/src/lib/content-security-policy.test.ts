import { describe, expect, it } from "vitest";

describe("content security policy settings", () => {
  it("zod, loaded after them, parses without compiling code (no eval for the policy to refuse)", async () => {
    await import("./content-security-policy");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Amina" })).toEqual({ name: "Amina" });
  });
});
