import { PassThrough } from "node:stream";
import {
  LIVE_CHANGE_EVENT,
  LIVE_END_EVENT,
  liveEndpoints,
  liveMessages,
} from "@visadesk/contract/live-endpoints";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "#api/config";
import { route } from "#api/lib/endpoint-route";
import { NotAcceptable, TooManyRequests } from "#api/lib/errors";
import { signedInUser } from "#api/plugins/auth";
import type { LiveFeed } from "./feed";

/** How long a browser waits before connecting again after the stream ends or breaks. */
const RETRY_MS = 2_000;
/** The Retry-After of a stream refused for too many open ones: a closed screen frees one within it. */
const FULL_RETRY_SECONDS = 30;

/**
 * The streams open in this process, by session and by account: each holds a connection and a listener, so
 * one session cannot hold hundreds (LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_ACCOUNT). Counted per
 * process: behind N processes an account may hold up to N times the limit, still a bound.
 */
function streamCounts() {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.get(key) ?? 0;
  return {
    count,
    add(keys: string[], by: 1 | -1) {
      for (const key of keys) {
        const next = count(key) + by;
        if (next > 0) counts.set(key, next);
        else counts.delete(key);
      }
    },
  };
}

/** The live stream (declared in the contract's liveEndpoints): which kinds of record changed, as they do. */
export function liveRoutes(
  feed: LiveFeed,
  config: Pick<
    Config,
    "liveStreamMs" | "connectionTimeoutMs" | "liveStreamsPerSession" | "liveStreamsPerAccount"
  >,
): FastifyPluginAsync {
  // A comment line well inside the idle timeout, so the server does not close a quiet stream.
  const heartbeatMs = Math.min(15_000, Math.floor(config.connectionTimeoutMs / 2));
  return async (app) => {
    const open = new Set<() => void>();
    const counts = streamCounts();
    // Streams never end on their own before their time: ended here, a shutdown does not wait for them.
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
    });

    route(
      app,
      liveEndpoints.stream,
      (request, reply) => {
        if (!String(request.headers.accept ?? "").includes("text/event-stream")) {
          throw new NotAcceptable(liveMessages.notAcceptable);
        }
        const user = signedInUser(request);
        const keys = [`session:${user.sessionId}`, `account:${user.id}`];
        if (counts.count(keys[0] as string) >= config.liveStreamsPerSession) {
          throw new TooManyRequests(
            liveMessages.tooManyForSession(config.liveStreamsPerSession),
            FULL_RETRY_SECONDS,
          );
        }
        if (counts.count(keys[1] as string) >= config.liveStreamsPerAccount) {
          throw new TooManyRequests(
            liveMessages.tooManyForAccount(config.liveStreamsPerAccount),
            FULL_RETRY_SECONDS,
          );
        }
        counts.add(keys, 1);
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
          counts.add(keys, -1);
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
      { tokenInQuery: true },
    );
  };
}
