import { LIVE_CHANGE_EVENT } from "@visadesk/contract/live-endpoints";

/**
 * Staff screens listening to GET /api/v2/live through the balancer, as the back-office does: each reads its
 * stream, notes when a change arrives, and connects again (to whichever instance the balancer picks) when
 * the stream ends or breaks.
 */
export function liveWatchers(url: string, sessions: Array<Record<string, string>>, count: number) {
  const stop = new AbortController();
  const lastChange: number[] = Array(count).fill(0);
  let reconnects = 0;

  const watch = async (index: number) => {
    const headers = { ...sessions[index % sessions.length], accept: "text/event-stream" };
    while (!stop.signal.aborted) {
      try {
        const response = await fetch(`${url}/api/v2/live`, { headers, signal: stop.signal });
        if (response.ok && response.body) {
          let pending = "";
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            pending += value;
            const events = pending.split("\n\n");
            pending = events.pop() ?? "";
            if (events.some((event) => event.startsWith(`event: ${LIVE_CHANGE_EVENT}`))) {
              lastChange[index] = Date.now();
            }
          }
        }
      } catch {
        // the instance went away mid-stream: connect again below
      }
      if (stop.signal.aborted) return;
      reconnects += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const running = Array.from({ length: count }, (_, index) => watch(index));

  return {
    reconnects: () => reconnects,
    /** Waits until every watcher has seen a change after `since` (Date.now()), failing after `timeoutMs`. */
    async sawChangeAfter(since: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (lastChange.some((at) => at < since)) {
        if (Date.now() > deadline) {
          throw new Error(
            `live watchers missed the change: last seen ${JSON.stringify(lastChange)} < ${since}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      stop.abort();
      return Promise.allSettled(running);
    },
  };
}
