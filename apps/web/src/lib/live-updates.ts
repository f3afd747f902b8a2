import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { LIVE_CHANGE_EVENT, type LiveChange, liveEndpoints } from "@visadesk/contract/live-endpoints";
import { createParser } from "eventsource-parser";
import { useEffect } from "react";
import { API_HOST } from "./env";
import { DASHBOARD_QUERY_KEY, NOTIFICATIONS_QUERY_KEY } from "./query-client";
import { session } from "./session";

/**
 * The cached answers each kind of record shows in (the first part of their query keys). The bell, the
 * dashboard and the histories may follow from any change.
 */
const SHOWN_IN: Record<string, readonly string[]> = {
  appointment: ["appointments", "availability", "app-users", "consultants", "global-search"],
  user: ["app-users", "internal-users", "appointments", "global-search"],
  consultant: ["consultants", "availability", "appointments", "global-search"],
  note: ["notes"],
  task: ["tasks"],
};
const ALWAYS = [DASHBOARD_QUERY_KEY[0], NOTIFICATIONS_QUERY_KEY[0], "history", "activity"];

/** Marks stale what a change may have changed: the queries on screen ask again at once, the others when next shown. */
export function applyLiveChange(queryClient: QueryClient, change: LiveChange) {
  const roots = new Set([...ALWAYS, ...change.entities.flatMap((entity) => SHOWN_IN[entity] ?? [])]);
  void queryClient.invalidateQueries({ predicate: (query) => roots.has(String(query.queryKey[0])) });
}

/** Before connecting again after a broken stream (the server's retry line may say otherwise). */
const RETRY_MS = 2_000;

/**
 * Keeps a stream of the server's change notices open while signed in (GET /api/v2/live), so what others do
 * (a customer booking, a colleague's edit) shows on open screens within seconds, while the 5-minute cache
 * and the no-refetch-on-focus rule stay. fetch rather than EventSource: the stream needs the bearer token.
 * The server ends each stream after minutes; the next one goes with the token of that moment.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let retry = RETRY_MS;
    const parser = createParser({
      onEvent(event) {
        if (event.event !== LIVE_CHANGE_EVENT) return;
        try {
          applyLiveChange(queryClient, JSON.parse(event.data) as LiveChange);
        } catch {
          // A line that is not ours is not a reason to stop listening.
        }
      },
      onRetry(ms) {
        retry = ms;
      },
    });
    async function listen() {
      let broken = false;
      while (!controller.signal.aborted) {
        const token = session.getToken();
        if (!token) return;
        try {
          const response = await fetch(`${API_HOST}${liveEndpoints.stream.path}`, {
            headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
            signal: controller.signal,
          });
          // Signed out or not allowed: the next screen's own calls handle that.
          if (response.status === 401 || response.status === 403) return;
          if (response.ok && response.body) {
            // Changes made while the stream was down were not told: what is on screen asks again.
            if (broken) applyLiveChange(queryClient, { entities: Object.keys(SHOWN_IN) });
            broken = false;
            parser.reset();
            const openedAt = Date.now();
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              parser.feed(value);
            }
            // A stream that lived its minutes: the next one at once. One cut short: as if broken.
            if (Date.now() - openedAt >= RETRY_MS * 5) continue;
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        broken = true;
        await new Promise((resolve) => setTimeout(resolve, retry));
      }
    }
    void listen();
    return () => controller.abort();
  }, [queryClient]);
}

/** Renders nothing: keeps the live stream open for the signed-in shell. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
