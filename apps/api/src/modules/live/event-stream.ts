import { PassThrough } from "node:stream";
import { LIVE_CHANGE_EVENT, LIVE_END_EVENT } from "@visadesk/contract/live-endpoints";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#api/config";
import { NotAcceptable, TooManyRequests } from "#api/lib/errors";
import type { LiveStreamSlots } from "#api/plugins/live-stream-slots";

/** How long a client waits before connecting again after the stream ends or breaks. */
const RETRY_MS = 2_000;
/** The Retry-After of a stream refused for too many open ones: a closed screen frees one within it. */
const FULL_RETRY_SECONDS = 30;

export type StreamConfig = Pick<
  Config,
  "liveStreamMs" | "connectionTimeoutMs" | "liveStreamsPerSession" | "liveStreamsPerAccount"
>;

/** The texts of a stream's refusals, in the words of the API that serves it. */
export interface StreamRefusals {
  notAcceptable: string;
  tooManyForSession: (max: number) => string;
  tooManyForAccount: (max: number) => string;
}

/** What an open stream offers whoever feeds it. */
export interface OpenStream {
  /** Sends one `changed` event with this data (as JSON). */
  changed(data: unknown): void;
  /** Ends the stream now (the client connects again, and is refused if its session has ended). */
  end(): void;
}

/**
 * The machinery of a live stream, shared by the back-office's and the customer's: the Accept check, the
 * open streams counted per session and per account over every process (429 in the product's error shape
 * beyond them), the retry line, a heartbeat comment well inside the idle timeout, the stream's end after
 * its lifetime (announced by a `closing` event), and every open stream ended when the server closes. One
 * per plugin that serves streams (its preClose hook ends that plugin's streams).
 */
export function eventStreams(app: FastifyInstance, config: StreamConfig, slots: LiveStreamSlots) {
  // A comment line well inside the idle timeout, so the server does not close a quiet stream.
  const heartbeatMs = Math.min(15_000, Math.floor(config.connectionTimeoutMs / 2));
  const open = new Set<() => void>();
  // Streams never end on their own before their time: ended here, a shutdown does not wait for them.
  app.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });

  /**
   * Answers the request with a stream held by `holder` (the keys its session and its account are counted
   * under), which `start` feeds; `start` answers what to undo when the stream ends.
   */
  return async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    holder: { session: string; account: string },
    refusals: StreamRefusals,
    start: (stream: OpenStream) => () => void,
  ): Promise<FastifyReply> {
    if (!String(request.headers.accept ?? "").includes("text/event-stream")) {
      throw new NotAcceptable(refusals.notAcceptable);
    }
    // At most so many open streams per sign-in and per account, counted over every process.
    const place = await slots.take(holder.session, holder.account);
    if ("full" in place) {
      throw new TooManyRequests(
        place.full === "session"
          ? refusals.tooManyForSession(config.liveStreamsPerSession)
          : refusals.tooManyForAccount(config.liveStreamsPerAccount),
        FULL_RETRY_SECONDS,
      );
    }
    const stream = new PassThrough();
    const write = (text: string) => {
      if (!stream.writableEnded) stream.write(text);
    };
    write(`retry: ${RETRY_MS}\n\n`);
    const heartbeat = setInterval(() => write(": still here\n\n"), heartbeatMs);
    let stop: () => void = () => undefined;
    const end = () => {
      if (!open.delete(end)) return;
      // A row left behind (the database away) expires on its own.
      void place.release().catch(() => undefined);
      clearInterval(heartbeat);
      clearTimeout(limit);
      stop();
      stream.end();
    };
    const limit = setTimeout(() => {
      write(`event: ${LIVE_END_EVENT}\ndata: {}\n\n`);
      end();
    }, config.liveStreamMs);
    open.add(end);
    stop = start({
      changed: (data) => write(`event: ${LIVE_CHANGE_EVENT}\ndata: ${JSON.stringify(data)}\n\n`),
      end,
    });
    reply.raw.on("close", end);
    return reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-store")
      .send(stream);
  };
}
