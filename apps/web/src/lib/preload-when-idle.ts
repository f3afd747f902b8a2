import { useEffect } from "react";

/** How long a preload waits for the browser to be idle before it runs anyway. */
const PRELOAD_TIMEOUT_MS = 3000;

type Load = () => Promise<unknown>;

/** The preloads screens asked for and not yet started, in the order asked. */
const waiting: Load[] = [];
/** Started or done: asked again (the same select on every screen), they are not started again. */
const started = new Set<Load>();
/** The idle callback (or timer) that will start the next preload, while one is pending. */
let pending: { cancel: () => void } | undefined;
/** A preload whose download and evaluation are under way: the next waits for it. */
let running = false;

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(run, PRELOAD_TIMEOUT_MS);
    return { cancel: () => clearTimeout(timer) };
  }
  const idle = requestIdleCallback(run, { timeout: PRELOAD_TIMEOUT_MS });
  return { cancel: () => cancelIdleCallback(idle) };
}

/**
 * One preload at a time, each in an idle moment of its own. A chunk's modules are evaluated in one task
 * when its download completes: started together, a list's dialogs and selects came in back to back and
 * held a slow phone's main thread for several hundred milliseconds just after the screen appeared.
 */
function startNext() {
  if (running || pending || waiting.length === 0) return;
  pending = whenIdle(() => {
    pending = undefined;
    const load = waiting.shift();
    if (!load) return;
    running = true;
    load()
      // A failed download (offline) is tried again when a screen next asks for it.
      .catch(() => started.delete(load))
      .finally(() => {
        running = false;
        startNext();
      });
  });
}

/** Queues a screen part's preloads (at the front when `first`), and drops those not started when it leaves. */
function usePreloads(loads: Load[], first: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loads are module-level; once per screen
  useEffect(() => {
    const mine = loads.filter((load) => !started.has(load));
    for (const load of mine) started.add(load);
    if (first) waiting.unshift(...mine);
    else waiting.push(...mine);
    startNext();
    return () => {
      // A screen left before its preloads started does not load them.
      for (const load of mine) {
        const at = waiting.indexOf(load);
        if (at === -1) continue;
        waiting.splice(at, 1);
        started.delete(load);
      }
      if (waiting.length === 0) {
        pending?.cancel();
        pending = undefined;
      }
    };
  }, []);
}

/**
 * Downloads code a screen needs only on demand (a dialog's), once the screen is up and the browser idle:
 * the first paint does not wait for it, and it is there before anyone clicks.
 */
export const usePreloadWhenIdle = (...loads: Load[]) => usePreloads(loads, false);

/** The same, before the preloads already waiting: code the app needs to say that something failed. */
export const usePreloadFirstWhenIdle = (...loads: Load[]) => usePreloads(loads, true);
