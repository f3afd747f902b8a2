import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { deferredResolver, deferredZodResolver } from "./deferred-resolver";

const schema = z.object({ email: z.email("Enter a valid email") });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const check = (resolver: Resolver<Values>, email: string) =>
  Promise.resolve(resolver({ email }, undefined, options));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("deferredResolver", () => {
  it("starts loading when a form's field takes focus, not before, and checks with what it loaded (once)", async () => {
    document.body.innerHTML = `<button type="button">Menu</button><form><input name="email" /></form>`;
    const load = vi.fn(async () => zodResolver(schema) as Resolver<Values>);
    const resolver = deferredResolver<Values>(load);
    document.querySelector("button")?.focus();
    expect(load).not.toHaveBeenCalled();
    document.querySelector("input")?.focus();
    // After the next paint, not during the task that focused it.
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect((await check(resolver, "nope")).errors.email?.message).toBe("Enter a valid email");
    expect((await check(resolver, "a@b.pk")).values).toEqual({ email: "a@b.pk" });
    document.querySelector("button")?.focus();
    document.querySelector("input")?.focus();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks again at the next check when the download failed (offline), instead of failing for good", async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockImplementation(async () => zodResolver(schema) as Resolver<Values>);
    const resolver = deferredResolver<Values>(load);
    await expect(check(resolver, "nope")).rejects.toThrow("Failed to fetch");
    expect((await check(resolver, "nope")).errors.email?.message).toBe("Enter a valid email");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("of a zod schema: checks with the schema its module gives, loaded when first asked", async () => {
    const loadSchema = vi.fn(async () => schema);
    const resolver = deferredZodResolver<Values>(loadSchema);
    expect(loadSchema).not.toHaveBeenCalled();
    expect((await check(resolver, "nope")).errors.email?.message).toBe("Enter a valid email");
    expect((await check(resolver, "a@b.pk")).values).toEqual({ email: "a@b.pk" });
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });
});
