import { useCallback, useRef, useState } from "react";

/** The state of the latest call; the flags narrow `data` and `error` as useMutation's do. */
type ActionState<TData> =
  | { status: "idle"; data: undefined; error: null; isPending: false; isSuccess: false; isError: false }
  | { status: "pending"; data: undefined; error: null; isPending: true; isSuccess: false; isError: false }
  | { status: "success"; data: TData; error: null; isPending: false; isSuccess: true; isError: false }
  | { status: "error"; data: undefined; error: Error; isPending: false; isSuccess: false; isError: true };

const none = { data: undefined, error: null, isSuccess: false, isError: false } as const;
const idle = { ...none, status: "idle", isPending: false } as const;
const pending = { ...none, status: "pending", isPending: true } as const;

/**
 * One call a public page makes (sign in, register, recover a password), with its state: the part of
 * react-query's useMutation those pages use, so the screens a visit starts on load no query library.
 * Only the latest call updates the state; reset() forgets it.
 */
export function useAction<TData, TVariables = void>(run: (variables: TVariables) => Promise<TData>) {
  const [state, setState] = useState<ActionState<TData>>(idle);
  const latest = useRef(0);

  const mutateAsync = useCallback(
    async (variables: TVariables): Promise<TData> => {
      const call = ++latest.current;
      setState(pending);
      try {
        const data = await run(variables);
        if (call === latest.current) {
          setState({ ...none, status: "success", data, isPending: false, isSuccess: true });
        }
        return data;
      } catch (error) {
        if (call === latest.current) {
          // As useMutation types it: what a call throws is an Error (HttpError, or the browser's own).
          setState({ ...none, status: "error", error: error as Error, isPending: false, isError: true });
        }
        throw error;
      }
    },
    [run],
  );

  const mutate = useCallback(
    (
      variables: TVariables,
      handlers: { onSuccess?: (data: TData) => void; onError?: (error: unknown) => void } = {},
    ) => {
      mutateAsync(variables).then(
        (data) => handlers.onSuccess?.(data),
        (error: unknown) => handlers.onError?.(error),
      );
    },
    [mutateAsync],
  );

  const reset = useCallback(() => {
    latest.current += 1;
    setState(idle);
  }, []);

  return { ...state, mutate, mutateAsync, reset };
}
