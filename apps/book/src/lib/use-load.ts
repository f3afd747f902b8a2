import { startTransition, useCallback, useEffect, useRef, useState } from "react";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "done"; data: T }
  | { status: "failed"; error: unknown; offline: boolean };

/**
 * What a screen loads: loading, done or failed (and whether the browser was offline then), reloaded when
 * `key` changes or on retry(). refresh() loads it again in place: what is shown stays until the new data
 * replaces it (a change the live stream told of). A load that a newer one replaced is aborted and never
 * shown. What is `given` for the first key (the server's paint of the page) is shown at once, without
 * loading it.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, given?: T) {
  const [state, setState] = useState<Loaded<T>>(
    given === undefined ? { status: "loading" } : { status: "done", data: given },
  );
  const [attempt, setAttempt] = useState(0);
  const givenKey = useRef(given === undefined ? null : key);
  const quiet = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything the load reads
  useEffect(() => {
    if (attempt === 0 && key === givenKey.current) return;
    givenKey.current = null;
    const controller = new AbortController();
    if (!quiet.current) setState({ status: "loading" });
    quiet.current = false;
    load(controller.signal).then(
      (data) => {
        // What arrived renders in slices, between which the page stays responsive.
        if (!controller.signal.aborted) startTransition(() => setState({ status: "done", data }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "failed", error, offline: !navigator.onLine });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry, refresh };
}
