import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePreloadFirstWhenIdle, usePreloadWhenIdle } from "./preload-when-idle";

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

  it("starts one preload at a time, each in an idle moment of its own, and each once across screens", async () => {
    const idles: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idles.push(callback));
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    let finishDialog: () => void = () => undefined;
    const dialog = vi.fn(() => new Promise<void>((resolve) => (finishDialog = resolve)));
    const select = vi.fn(() => Promise.resolve());
    renderHook(() => usePreloadWhenIdle(dialog, select));
    // Another screen part asking for the same select: still one download.
    renderHook(() => usePreloadWhenIdle(select));

    idles.shift()?.();
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(select).not.toHaveBeenCalled();
    // While the dialog's code downloads and is evaluated, nothing else starts.
    expect(idles).toHaveLength(0);
    finishDialog();
    await vi.waitFor(() => expect(idles).toHaveLength(1));
    expect(select).not.toHaveBeenCalled();
    idles.shift()?.();
    expect(select).toHaveBeenCalledTimes(1);
  });

  it("puts what the app needs to report a failure before the preloads already waiting", async () => {
    const idles: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idles.push(callback));
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    const dialog = vi.fn(() => Promise.resolve());
    const toasts = vi.fn(() => Promise.resolve());
    renderHook(() => usePreloadWhenIdle(dialog));
    renderHook(() => usePreloadFirstWhenIdle(toasts));
    idles.shift()?.();
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(idles).toHaveLength(1));
    idles.shift()?.();
    expect(dialog).toHaveBeenCalledTimes(1);
  });
});
