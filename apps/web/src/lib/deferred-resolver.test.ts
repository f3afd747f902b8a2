import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { deferredResolver } from "./deferred-resolver";

const schema = z.object({ email: z.email("Enter a valid email") });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const check = (resolver: Resolver<Values>, email: string) =>
  Promise.resolve(resolver({ email }, undefined, options));

afterEach(() => vi.unstubAllGlobals());

describe("deferredResolver", () => {
  it("starts loading when the browser is idle, and checks with what it loaded (loaded once)", async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (run: () => void) => {
      idle = run;
      return 1;
    });
    const load = vi.fn(async () => zodResolver(schema) as Resolver<Values>);
    const resolver = deferredResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    idle?.();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await check(resolver, "nope")).errors.email?.message).toBe("Enter a valid email");
    expect((await check(resolver, "a@b.pk")).values).toEqual({ email: "a@b.pk" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks again at the next check when the download failed (offline), instead of failing for good", async () => {
    vi.stubGlobal("requestIdleCallback", () => 1);
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockImplementation(async () => zodResolver(schema) as Resolver<Values>);
    const resolver = deferredResolver<Values>(load);
    await expect(check(resolver, "nope")).rejects.toThrow("Failed to fetch");
    expect((await check(resolver, "nope")).errors.email?.message).toBe("Enter a valid email");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
