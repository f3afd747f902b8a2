import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePreloadWhenIdle } from "./preload-when-idle";

afterEach(() => {
  // Unmounted while the stubs are still in place: the hook cancels its idle callback.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("usePreloadWhenIdle", () => {
  it("loads once the browser is idle, not during the first render, and once per screen", () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    const load = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(() => usePreloadWhenIdle(load));
    rerender();
    expect(load).not.toHaveBeenCalled();
    idle?.();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits a moment where the browser has no idle callback, and a failed download breaks nothing", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const load = vi.fn(() => Promise.reject(new Error("offline")));
    renderHook(() => usePreloadWhenIdle(load));
    expect(load).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not load for a screen left before the browser was idle", () => {
    const cancel = vi.fn();
    vi.stubGlobal("requestIdleCallback", () => 7);
    vi.stubGlobal("cancelIdleCallback", cancel);
    const load = vi.fn(() => Promise.resolve());
    renderHook(() => usePreloadWhenIdle(load)).unmount();
    expect(cancel).toHaveBeenCalledWith(7);
    expect(load).not.toHaveBeenCalled();
  });
});
