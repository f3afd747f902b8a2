import { useEffect } from "react";

/** How long a preload waits for the browser to be idle before it runs anyway. */
const PRELOAD_TIMEOUT_MS = 3000;

/**
 * Downloads code a screen needs only on demand (a dialog's), once the screen is up and the browser idle:
 * the first paint does not wait for it, and it is there before anyone clicks.
 */
export function usePreloadWhenIdle(...loads: Array<() => Promise<unknown>>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loads are module-level; once per screen
  useEffect(() => {
    const load = () => {
      for (const preload of loads) void preload().catch(() => undefined);
    };
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(load, PRELOAD_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: PRELOAD_TIMEOUT_MS });
    return () => cancelIdleCallback(idle);
  }, []);
}
