import { MutationObserver, onlineManager } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient, DASHBOARD_QUERY_KEY, STALE_TIME_MS } from "./query-client";

describe("the query client", () => {
  it("keeps the spec's defaults: retry once, no refetch on focus, 5 minutes fresh", () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 });
    expect(STALE_TIME_MS).toBe(300_000);
  });

  it("marks the dashboard's counts stale after any successful save, and not after a failed one", async () => {
    const client = createQueryClient();
    const statsKey = [...DASHBOARD_QUERY_KEY, "stats"];
    client.setQueryData(statsKey, { consultants: 1 });

    const failing = new MutationObserver(client, {
      mutationFn: async () => {
        throw new Error("refused");
      },
    });
    await failing.mutate().catch(() => undefined);
    expect(client.getQueryState(statsKey)?.isInvalidated).toBe(false);

    const saving = new MutationObserver(client, { mutationFn: async () => "saved" });
    await saving.mutate();
    expect(client.getQueryState(statsKey)?.isInvalidated).toBe(true);
  });

  it("runs a save made while offline at once, so it fails now instead of waiting to replay itself later", async () => {
    onlineManager.setOnline(false);
    try {
      let calls = 0;
      const saving = new MutationObserver(createQueryClient(), {
        mutationFn: async () => {
          calls += 1;
          throw new Error("Network Error");
        },
      });
      await expect(saving.mutate()).rejects.toThrow("Network Error");
      expect(calls).toBe(1);
      expect(saving.getCurrentResult().isPaused).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
