import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { type ReactNode, useDeferredValue, useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import { useQueryInSlices } from "./use-query-in-slices";

type Render = { data: string | undefined; deferred: string | undefined };

interface ScreenProps {
  useQueryHook: typeof useQuery;
  renders: Render[];
  asked: (answer: (value: string) => void) => void;
  /** Runs once the first render is committed, before the component's effects (where hooks subscribe). */
  afterFirstCommit?: (client: QueryClient) => void;
}

/**
 * A screen reading a query through `useQueryHook`, noting what each of its renders saw. In an urgent
 * render, useDeferredValue still gives the value before; in a transition it gives the new one at once.
 */
function Screen({ useQueryHook, renders, asked, afterFirstCommit }: ScreenProps) {
  const client = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit
  useLayoutEffect(() => {
    afterFirstCommit?.(client);
  }, []);
  const query = useQueryHook({
    queryKey: ["greeting"],
    queryFn: () => new Promise<string>((resolve) => asked(resolve)),
  });
  const deferred = useDeferredValue(query.data);
  renders.push({ data: query.data, deferred });
  return <p>{query.data ?? "Loading..."}</p>;
}

function renderScreen(useQueryHook: typeof useQuery, afterFirstCommit?: ScreenProps["afterFirstCommit"]) {
  const renders: Render[] = [];
  let answer: (value: string) => void = () => undefined;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const asked = (resolve: (value: string) => void) => {
    answer = resolve;
  };
  render(
    <Screen
      useQueryHook={useQueryHook}
      renders={renders}
      asked={asked}
      afterFirstCommit={afterFirstCommit}
    />,
    {
      wrapper,
    },
  );
  return { renders, answer: (value: string) => answer(value) };
}

const urgentWithAnswer = (renders: Render[]) =>
  renders.filter((seen) => seen.data !== undefined && seen.deferred === undefined);

describe("useQueryInSlices", () => {
  it("shows the answer when it arrives, rendered as a transition (never urgently)", async () => {
    const { renders, answer } = renderScreen(useQueryInSlices as typeof useQuery);
    answer("Salam");
    expect(await screen.findByText("Salam")).toBeInTheDocument();
    expect(urgentWithAnswer(renders)).toEqual([]);
  });

  // A prefetched record arriving while its screen's first render was committed: useQuery found the change
  // when it subscribed and rendered the whole screen again at once.
  const answerBeforeEffects = (client: QueryClient) => client.setQueryData(["greeting"], "Salam");

  it("shows an answer that came between its first render and its effects, rendered as a transition", async () => {
    const { renders } = renderScreen(useQueryInSlices as typeof useQuery, answerBeforeEffects);
    expect(await screen.findByText("Salam")).toBeInTheDocument();
    expect(renders[0]?.data).toBeUndefined();
    expect(urgentWithAnswer(renders)).toEqual([]);
  });

  it("is needed there too: useQuery renders that answer urgently", async () => {
    const { renders } = renderScreen(useQuery, answerBeforeEffects);
    expect(await screen.findByText("Salam")).toBeInTheDocument();
    expect(urgentWithAnswer(renders).length).toBeGreaterThan(0);
  });

  it("is needed: useQuery itself renders the arriving answer urgently first", async () => {
    const { renders, answer } = renderScreen(useQuery);
    answer("Salam");
    expect(await screen.findByText("Salam")).toBeInTheDocument();
    expect(urgentWithAnswer(renders).length).toBeGreaterThan(0);
  });
});
