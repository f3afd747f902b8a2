import { tellLiveNews } from "./live-bus";

/*
 * The customer's live stream (GET /api/customer/v1/live), read with a streaming fetch: EventSource cannot
 * send the Authorization header. Loaded and started only once the customer is signed in (lib/session.ts),
 * so a visitor's first page never downloads it; started again with each new access token, stopped at
 * sign-out. A stream that breaks or is refused is opened again after a growing wait.
 */

/**
 * Where the API is, as lib/api.ts says. Nothing of the first page's own modules is imported here (the
 * token comes from the session): the chunks a visitor downloads stay as they are.
 */
const STREAM_URL = `${(import.meta.env.VITE_API_HOST ?? "").replace(/\/$/, "")}/api/customer/v1/live`;
/** The first wait after a failure, doubled each failure up to MAX_WAIT_MS (and a little jitter). */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 30_000;
/** A stream that ended well (its lifetime) is opened again after this. */
const AGAIN_MS = 500;
/** A second 401 within this asks for no new token again (a refreshed token refused too: wait instead). */
const UNAUTHORIZED_QUIET_MS = 30_000;

let generation = 0;
let controller: AbortController | undefined;
let lastUnauthorized = Number.NEGATIVE_INFINITY;

/** What the session gives the stream: the current access token, and what to do when it is refused. */
export interface LiveSession {
  accessToken: () => string | null;
  /** The stream refused the token (it has ended): get a new one (which starts the stream again) or sign out. */
  unauthorized: () => void;
}

/** Reads the stream with the current access token from now on, in place of any stream already read. */
export function startLiveUpdates(session: LiveSession) {
  stopLiveUpdates();
  const mine = generation;
  const abort = new AbortController();
  controller = abort;
  void follow(mine, abort.signal, session);
}

/** Stops reading the stream (signed out). */
export function stopLiveUpdates() {
  generation += 1;
  controller?.abort();
  controller = undefined;
}

async function follow(mine: number, signal: AbortSignal, { accessToken, unauthorized }: LiveSession) {
  let failures = 0;
  let connectedBefore = false;
  while (mine === generation && !signal.aborted) {
    const token = accessToken();
    if (!token) return;
    let wait = AGAIN_MS;
    try {
      const response = await fetch(STREAM_URL, {
        headers: { accept: "text/event-stream", authorization: `Bearer ${token}` },
        cache: "no-store",
        signal,
      });
      if (response.status === 401 && Date.now() - lastUnauthorized > UNAUTHORIZED_QUIET_MS) {
        lastUnauthorized = Date.now();
        unauthorized();
        return;
      }
      if (response.ok && response.body) {
        failures = 0;
        // What changed while no stream was open is not told: the pages load their records again.
        if (connectedBefore) tellLiveNews({ appointments: [], cnic: null, resync: true });
        connectedBefore = true;
        await readEvents(response.body);
      } else {
        await response.body?.cancel().catch(() => undefined);
        failures += 1;
      }
    } catch {
      if (signal.aborted) return;
      failures += 1;
    }
    if (failures > 0) {
      wait = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - 1)) * (0.8 + Math.random() * 0.4);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Reads server-sent events until the stream ends, telling the pages each `changed` event's news. */
async function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (event !== "changed" || !data) continue;
      try {
        tellLiveNews(JSON.parse(data));
      } catch {
        // Not JSON: nothing to tell.
      }
    }
  }
}
