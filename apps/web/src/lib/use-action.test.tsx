import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAction } from "./use-action";

describe("useAction (the public pages' calls)", () => {
  it("is pending, then holds the answer; reset() forgets it", async () => {
    let finish: (value: string) => void = () => {};
    const { result } = renderHook(() =>
      useAction((name: string) => new Promise<string>((resolve) => (finish = () => resolve(`hi ${name}`)))),
    );
    expect(result.current.status).toBe("idle");
    let answer: Promise<string> = Promise.resolve("");
    act(() => {
      answer = result.current.mutateAsync("sara");
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      finish("");
      await answer;
    });
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toBe("hi sara");
    act(() => result.current.reset());
    expect(result.current.status).toBe("idle");
    expect(result.current.data).toBeUndefined();
  });

  it("keeps the error, rethrows it from mutateAsync, and hands it to mutate's onError", async () => {
    const failure = new Error("Request failed with status code 401");
    const { result } = renderHook(() => useAction(() => Promise.reject(failure)));
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toBe(failure);
    });
    expect(result.current.isError).toBe(true);
    expect(result.current.error).toBe(failure);
    let seen: unknown;
    act(() => result.current.mutate(undefined, { onError: (error) => (seen = error) }));
    await waitFor(() => expect(seen).toBe(failure));
  });

  it("a call reset before it answers changes nothing", async () => {
    let finish: () => void = () => {};
    const { result } = renderHook(() => useAction(() => new Promise<void>((resolve) => (finish = resolve))));
    let call: Promise<void> = Promise.resolve();
    act(() => {
      call = result.current.mutateAsync();
    });
    act(() => result.current.reset());
    await act(async () => {
      finish();
      await call;
    });
    expect(result.current.status).toBe("idle");
  });
});
