import {
  LIVE_CHANGE_EVENT,
  LIVE_END_EVENT,
  type LiveChange,
  liveEndpoints,
  liveMessages,
} from "@visadesk/contract/live-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import type { StreamEvent } from "#api/plugins/api-docs/event-stream";
import { signedInUser } from "#api/plugins/auth";
import type { LiveStreamSlots } from "#api/plugins/live-stream-slots";
import { eventStreams, type StreamConfig } from "./event-stream";
import type { LiveFeed } from "./feed";

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
export function liveRoutes(feed: LiveFeed, config: StreamConfig, slots: LiveStreamSlots): FastifyPluginAsync {
  return async (app) => {
    const serve = eventStreams(app, config, slots);
    route(
      app,
      liveEndpoints.stream,
      (request, reply) => {
        const user = signedInUser(request);
        return serve(
          request,
          reply,
          { session: user.sessionId, account: String(user.id) },
          liveMessages,
          (stream) => feed.subscribe(({ entities }) => stream.changed({ entities })),
        );
      },
      { tokenInQuery: true, streamEvents: LIVE_STREAM_EVENTS },
    );
  };
}
