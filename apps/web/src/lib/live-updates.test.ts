import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyLiveChange } from "./live-updates";

function cacheWith(keys: string[][]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}
const stale = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => query.queryKey.join("/"))
    .sort();

describe("a live change notice", () => {
  it("marks stale what shows that kind of record, the bell and the dashboard, and nothing else", () => {
    const queryClient = cacheWith([
      ["appointments", "list"],
      ["availability", "c-1", "2026-12-03"],
      ["notifications"],
      ["dashboard", "stats"],
      ["internal-users", "list"],
      ["settings", "public"],
    ]);
    // Fresh for five minutes, as the app's cache keeps them.
    queryClient.setDefaultOptions({ queries: { staleTime: 300_000 } });
    expect(stale(queryClient)).toEqual([]);
    applyLiveChange(queryClient, { entities: ["appointment"] });
    expect(stale(queryClient)).toEqual([
      "appointments/list",
      "availability/c-1/2026-12-03",
      "dashboard/stats",
      "notifications",
    ]);
  });

  it("of a kind the app does not show still refreshes the bell and the dashboard", () => {
    const queryClient = cacheWith([["notifications"], ["consultants", "list"]]);
    queryClient.setDefaultOptions({ queries: { staleTime: 300_000 } });
    applyLiveChange(queryClient, { entities: ["session"] });
    expect(stale(queryClient)).toEqual(["notifications"]);
  });
});
