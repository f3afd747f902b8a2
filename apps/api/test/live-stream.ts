/** A live stream read by a test as a client would: its status, then its text as it arrives. */
export interface ReadStream {
  status: number;
  response: Response;
  /** Everything received so far. */
  text(): string;
  /** Waits until the text matches `pattern` (throws after `ms`, or when the stream ends first). */
  until(pattern: RegExp, ms: number): Promise<void>;
  /** Waits until the stream ends (throws after `ms`). */
  ended(ms: number): Promise<void>;
  close(): void;
}

/** Opens a server-sent events stream at `url` with these headers (asking for text/event-stream). */
export async function openStream(url: string, headers: Record<string, string>): Promise<ReadStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { ...headers, accept: "text/event-stream" },
    signal: controller.signal,
  });
  let received = "";
  let done = false;
  const reader =
    response.status === 200
      ? (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader()
      : undefined;
  let pending: Promise<void> | undefined;
  /** Reads the next chunk (one read at a time, shared by whoever waits). */
  const next = () => {
    pending ??= (reader as ReadableStreamDefaultReader<string>)
      .read()
      .then(
        (chunk) => {
          if (chunk.value) received += chunk.value;
          if (chunk.done) done = true;
        },
        () => {
          done = true;
        },
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  const wait = async (reached: () => boolean, ms: number, what: string) => {
    const deadline = Date.now() + ms;
    while (!reached()) {
      const left = deadline - Date.now();
      if (left <= 0 || !reader) throw new Error(`${what} not within ${ms} ms; got: ${received}`);
      if (done) throw new Error(`the stream ended before ${what}; got: ${received}`);
      await Promise.race([next(), new Promise((resolve) => setTimeout(resolve, left))]);
    }
  };
  return {
    status: response.status,
    response,
    text: () => received,
    until: (pattern, ms) => wait(() => pattern.test(received), ms, String(pattern)),
    ended: async (ms) => {
      const deadline = Date.now() + ms;
      while (!done) {
        const left = deadline - Date.now();
        if (left <= 0 || !reader) throw new Error(`the stream still open after ${ms} ms; got: ${received}`);
        await Promise.race([next(), new Promise((resolve) => setTimeout(resolve, left))]);
      }
    },
    close: () => controller.abort(),
  };
}

/** The data of every `changed` event received so far, parsed. */
export function changedEvents<T>(text: string): T[] {
  return [...text.matchAll(/event: changed\ndata: (.*)\n\n/g)].map(
    (match) => JSON.parse(match[1] as string) as T,
  );
}
