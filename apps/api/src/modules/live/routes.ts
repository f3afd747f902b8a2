import { PassThrough } from "node:stream";
import {
  LIVE_CHANGE_EVENT,
  LIVE_END_EVENT,
  type LiveChange,
  liveEndpoints,
  liveMessages,
} from "@visadesk/contract/live-endpoints";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "#api/config";
import { route } from "#api/lib/endpoint-route";
import { NotAcceptable, TooManyRequests } from "#api/lib/errors";
import type { StreamEvent } from "#api/plugins/api-docs/event-stream";
import { signedInUser } from "#api/plugins/auth";
import type { LiveStreamSlots } from "#api/plugins/live-stream-slots";
import type { LiveFeed } from "./feed";

/** How long a browser waits before connecting again after the stream ends or breaks. */
const RETRY_MS = 2_000;
/** The Retry-After of a stream refused for too many open ones: a closed screen frees one within it. */
const FULL_RETRY_SECONDS = 30;

/** What the stream sends, for the API document. */
export const LIVE_STREAM_EVENTS: readonly StreamEvent[] = [
  {
    event: LIVE_CHANGE_EVENT,
    description: "its data names the kinds of record that changed, never their contents",
    data: { entities: ["appointment", "user"] } satisfies LiveChange,
  },
  {
    event: LIVE_END_EVENT,
    description: "sent just before the server ends the stream: connect again",
    data: {},
  },
];

/** The live stream (declared in the contract's liveEndpoints): which kinds of record changed, as they do. */
export function liveRoutes(
  feed: LiveFeed,
  config: Pick<
    Config,
    "liveStreamMs" | "connectionTimeoutMs" | "liveStreamsPerSession" | "liveStreamsPerAccount"
  >,
  slots: LiveStreamSlots,
): FastifyPluginAsync {
  // A comment line well inside the idle timeout, so the server does not close a quiet stream.
  const heartbeatMs = Math.min(15_000, Math.floor(config.connectionTimeoutMs / 2));
  return async (app) => {
    const open = new Set<() => void>();
    // Streams never end on their own before their time: ended here, a shutdown does not wait for them.
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
    });

    route(
      app,
      liveEndpoints.stream,
      async (request, reply) => {
        if (!String(request.headers.accept ?? "").includes("text/event-stream")) {
          throw new NotAcceptable(liveMessages.notAcceptable);
        }
        // At most so many open streams per sign-in and per account, counted over every process.
        const user = signedInUser(request);
        const place = await slots.take(user.sessionId, user.id);
        if ("full" in place && place.full === "session") {
          throw new TooManyRequests(
            liveMessages.tooManyForSession(config.liveStreamsPerSession),
            FULL_RETRY_SECONDS,
          );
        }
        if ("full" in place) {
          throw new TooManyRequests(
            liveMessages.tooManyForAccount(config.liveStreamsPerAccount),
            FULL_RETRY_SECONDS,
          );
        }
        const stream = new PassThrough();
        const write = (text: string) => {
          if (!stream.writableEnded) stream.write(text);
        };
        write(`retry: ${RETRY_MS}\n\n`);
        const unsubscribe = feed.subscribe((change) =>
          write(`event: ${LIVE_CHANGE_EVENT}\ndata: ${JSON.stringify(change)}\n\n`),
        );
        const heartbeat = setInterval(() => write(": still here\n\n"), heartbeatMs);
        const end = () => {
          if (!open.delete(end)) return;
          // A row left behind (the database away) expires on its own.
          void place.release().catch(() => undefined);
          clearInterval(heartbeat);
          clearTimeout(limit);
          unsubscribe();
          stream.end();
        };
        const limit = setTimeout(() => {
          write(`event: ${LIVE_END_EVENT}\ndata: {}\n\n`);
          end();
        }, config.liveStreamMs);
        open.add(end);
        reply.raw.on("close", end);
        return reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-store")
          .send(stream);
      },
      { tokenInQuery: true, streamEvents: LIVE_STREAM_EVENTS },
    );
  };
}
