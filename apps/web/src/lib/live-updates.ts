import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import {
  LIVE_CHANGE_EVENT,
  LIVE_END_EVENT,
  type LiveChange,
  liveEndpoints,
} from "@visadesk/contract/live-endpoints";
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

/**
 * Marks stale what a change may have changed: the queries on screen ask again at once, the others when next
 * shown. Only answers already shown: a screen showing a failed load keeps its Retry until the person uses it
 * (it does not vanish under their pointer), and a first load under way brings the news itself.
 */
export function applyLiveChange(queryClient: QueryClient, change: LiveChange) {
  const roots = new Set([...ALWAYS, ...change.entities.flatMap((entity) => SHOWN_IN[entity] ?? [])]);
  void queryClient.invalidateQueries({
    predicate: (query) => query.state.status === "success" && roots.has(String(query.queryKey[0])),
  });
}

/** Before opening a new stream after one failed for good (a refused or expired token, the server away). */
const REOPEN_MS = 5_000;

/**
 * Keeps a stream of the server's change notices open while signed in (GET /api/v2/live), so what others do
 * (a customer booking, a colleague's edit) shows on open screens within seconds, while the 5-minute cache
 * and the no-refetch-on-focus rule stay. An EventSource: the browser and the tools that measure it know it
 * for a long-lived stream (it never counts as a page still loading). It cannot send headers, so the token
 * goes in the address (the binding cookie goes as on every call). The browser reconnects by itself after a
 * stream ends; when it gives up (the token refused), a new one opens with the token of that moment.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let interrupted = false;
    // The server announces the end of a stream that lived its time: reconnecting then misses nothing.
    let ending = false;
    const open = () => {
      const token = session.getToken();
      if (!token) return;
      source = new EventSource(`${API_HOST}${liveEndpoints.stream.path}?${new URLSearchParams({ token })}`);
      source.addEventListener("open", () => {
        // Changes made while the stream was down were not told: what is on screen asks again.
        if (interrupted) applyLiveChange(queryClient, { entities: Object.keys(SHOWN_IN) });
        interrupted = false;
        ending = false;
      });
      source.addEventListener(LIVE_END_EVENT, () => {
        ending = true;
      });
      source.addEventListener(LIVE_CHANGE_EVENT, (event) => {
        try {
          applyLiveChange(queryClient, JSON.parse((event as MessageEvent<string>).data) as LiveChange);
        } catch {
          // A line that is not ours is not a reason to stop listening.
        }
      });
      source.addEventListener("error", () => {
        if (!ending) interrupted = true;
        if (source?.readyState !== EventSource.CLOSED) return;
        interrupted = true;
        source = undefined;
        reopen = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [queryClient]);
}

/** Renders nothing: keeps the live stream open for the signed-in shell. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
