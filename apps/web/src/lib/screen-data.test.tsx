import { queryOptions } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPage, openScreen, type ScreenAddress } from "./feature";
import { QueryProvider, queryClient } from "./query-provider";
import { prefetchForScreen, refetchUnlessFetchedForScreen } from "./screen-data";
import { useQueryInSlices } from "./use-query-in-slices";

afterEach(() => {
  cleanup();
  queryClient.clear();
  asked = [];
});

/** What the server was asked for, in order; a record's answer says how many answers came before it. */
let asked: string[] = [];
const recordQuery = (recordId: string) =>
  queryOptions({
    queryKey: ["record", recordId],
    queryFn: async () => {
      asked.push(recordId);
      return `Record ${recordId}, answer ${asked.length}`;
    },
  });

/** A record screen as the app has them: its module asks for the record, its page shows it. */
function RecordPage({ recordId }: { recordId: string }) {
  const record = useQueryInSlices({
    ...recordQuery(recordId),
    refetchOnMount: refetchUnlessFetchedForScreen,
  });
  return <p>{record.data ?? "Loading..."}</p>;
}
const recordPage = lazyPage(async () => ({
  default: RecordPage,
  prefetch: ({ params }: ScreenAddress) => prefetchForScreen(recordQuery(params.recordId ?? "")),
}));
const open = (recordId: string) =>
  openScreen(recordPage, {
    pathname: `/records/${recordId}`,
    search: new URLSearchParams(),
    params: { recordId },
  });

/** The screen's page, rendered as the router renders it. */
const showRecord = (recordId: string) =>
  render(
    <QueryProvider>
      <RecordPage recordId={recordId} />
    </QueryProvider>,
  );
/** Time for a request the page would make on mount to have started. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe("a screen's first requests", () => {
  it("start when the screen is opened, before its page renders, and are not asked again on mount", async () => {
    open("7");
    await waitFor(() => expect(asked).toEqual(["7"]));

    showRecord("7");
    // The answer is there at the first render: no loader first.
    expect(screen.getByText("Record 7, answer 1")).toBeInTheDocument();
    await settle();
    expect(asked).toEqual(["7"]);
  });

  it("the router rendering the screen the entry opened is the same opening: its answer is not asked again", async () => {
    open("8");
    await waitFor(() => expect(asked).toEqual(["8"]));
    // The answer came before the router rendered the screen (the point of asking early).
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    open("8");
    showRecord("8");
    expect(screen.getByText("Record 8, answer 1")).toBeInTheDocument();
    await settle();
    expect(asked).toEqual(["8"]);
  });

  it("a record fetched before the screen was opened again is fetched anew on mount: it may have changed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      open("9");
      await waitFor(() => expect(asked).toEqual(["9"]));
      vi.setSystemTime(Date.now() + 60_000);
      // Another screen, then this one again: its module is loaded and the cached answer is a minute old.
      openScreen(
        lazyPage(async () => ({ default: () => null })),
        {
          pathname: "/elsewhere",
          search: new URLSearchParams(),
          params: {},
        },
      );
      open("9");
      showRecord("9");
      // Shown at once from the cache, then fetched again for this opening.
      expect(screen.getByText("Record 9, answer 1")).toBeInTheDocument();
      await waitFor(() => expect(screen.getByText("Record 9, answer 2")).toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});
