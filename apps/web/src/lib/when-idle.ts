/**
 * Runs `run` in the browser's next idle moment, or after `timeoutMs` at the latest. Where the browser has no
 * idle callback (Safari), just after its next paint: never in the task that asked. Returns how to call it off.
 */
export function whenIdle(run: () => void, timeoutMs: number): { cancel: () => void } {
  if (typeof requestIdleCallback === "function") {
    const idle = requestIdleCallback(run, { timeout: timeoutMs });
    return { cancel: () => cancelIdleCallback(idle) };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return {
    cancel: () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    },
  };
}
