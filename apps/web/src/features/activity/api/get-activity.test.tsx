import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { AuditEntry } from "@visadesk/contract/audit";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type ActivityFilters, useActivity } from "./get-activity";

const call = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", () => ({ call, download: vi.fn() }));

const row = (id: string) => ({ id, at: "2026-01-01T00:00:00.000Z" }) as unknown as AuditEntry;
/** Three pages of the history, each pointing at the next by its cursor. */
const pages: Record<string, { data: AuditEntry[]; nextCursor: string | null }> = {
  first: { data: [row("9"), row("8")], nextCursor: "after-8" },
  "after-8": { data: [row("7"), row("6")], nextCursor: "after-6" },
  "after-6": { data: [row("5")], nextCursor: null },
};
const noFilters: ActivityFilters = { actorId: "", entity: "", action: "", from: "", to: "", search: "" };

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("useActivity (the feed's numbered pages over the history's cursor)", () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (_endpoint, { query }: { query: { cursor?: string } }) => {
      return pages[query.cursor ?? "first"];
    });
  });

  it("reads the pages before the one the address asks for in turn, each from the cursor before it", async () => {
    const { result } = renderHook(() => useActivity(noFilters, 3), { wrapper });
    await waitFor(() => expect(result.current.data?.data.map((entry) => entry.id)).toEqual(["5"]));
    expect(result.current.data?.nextCursor).toBeNull();
    expect(call.mock.calls.map(([, options]) => options.query.cursor)).toEqual([
      undefined,
      "after-8",
      "after-6",
    ]);
    expect(call.mock.calls[0]?.[1].query).not.toHaveProperty("page");
  });

  it("goes back to a page it read without asking again", async () => {
    const { result, rerender } = renderHook(({ page }) => useActivity(noFilters, page), {
      wrapper,
      initialProps: { page: 2 },
    });
    await waitFor(() => expect(result.current.data?.data.map((entry) => entry.id)).toEqual(["7", "6"]));
    rerender({ page: 1 });
    expect(result.current.data?.data.map((entry) => entry.id)).toEqual(["9", "8"]);
    expect(result.current.data?.nextCursor).toBe("after-8");
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("answers an empty last page for a page past the end (an old link)", async () => {
    const { result } = renderHook(() => useActivity(noFilters, 9), { wrapper });
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.data).toMatchObject({ data: [], nextCursor: null }));
  });
});
