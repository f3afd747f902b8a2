import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
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

  it("asks again for what a screen shows, but leaves a failed load to its Retry", async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 300_000 } },
    });
    const asked = { list: 0, detail: 0 };
    const watch = (key: string[], answer: () => Promise<unknown>) => {
      const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: answer });
      observer.subscribe(() => {});
      return observer;
    };
    const list = watch(["appointments", "list"], () => {
      asked.list += 1;
      return Promise.reject(new Error("down"));
    });
    const detail = watch(["appointments", "detail", "a-1"], async () => {
      asked.detail += 1;
      return { cached: true };
    });
    await vi.waitFor(() => {
      expect(list.getCurrentResult().status).toBe("error");
      expect(detail.getCurrentResult().status).toBe("success");
    });
    applyLiveChange(queryClient, { entities: ["appointment"] });
    await vi.waitFor(() => expect(asked.detail).toBe(2));
    expect(asked.list).toBe(1);
  });

  it("of a kind the app does not show still refreshes the bell and the dashboard", () => {
    const queryClient = cacheWith([["notifications"], ["consultants", "list"]]);
    queryClient.setDefaultOptions({ queries: { staleTime: 300_000 } });
    applyLiveChange(queryClient, { entities: ["session"] });
    expect(stale(queryClient)).toEqual(["notifications"]);
  });
});
