import {
  type CustomerLiveChange,
  customerLiveEndpoints,
  customerLiveMessages,
  LIVE_CHANGE_EVENT,
  LIVE_END_EVENT,
} from "@visadesk/contract/customer-live-endpoints";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "#api/db/database";
import type { Clock } from "#api/lib/clock";
import { route } from "#api/lib/endpoint-route";
import type { StreamEvent } from "#api/plugins/api-docs/event-stream";
import type { LiveStreamSlots } from "#api/plugins/live-stream-slots";
import { signedInCustomer } from "../customer-auth/plugin";
import { liveSessionIds } from "../customer-auth/queries";
import type { CustomerFeed } from "./customer-feed";
import { eventStreams, type StreamConfig } from "./event-stream";

/** How often the open streams' devices are checked to be still signed in: a sign-out ends its stream within this. */
export const SESSION_CHECK_MS = 2_000;
/** Sessions asked about in one query. */
const CHECK_BATCH = 500;

/** What the stream sends, for the API document. */
export const CUSTOMER_LIVE_STREAM_EVENTS: readonly StreamEvent[] = [
  {
    event: LIVE_CHANGE_EVENT,
    description:
      "its data names the customer's own appointments that changed and how, and the CNIC check's new state",
    data: {
      appointments: [{ guidId: "3f1c9a52-7b2e-4d7a-9c1e-5a8b2f0d4e61", change: "confirmed" }],
      cnic: null,
    } satisfies CustomerLiveChange,
  },
  {
    event: LIVE_END_EVENT,
    description: "sent just before the server ends the stream: connect again",
    data: {},
  },
];

/**
 * The customer's live stream (declared in the contract's customerLiveEndpoints), in the customer API's
 * scope: its token check, its API document. Only the customer's own records, and only while the device
 * stays signed in.
 */
export function customerLiveRoutes(
  feed: CustomerFeed,
  deps: { db: Db; clock: Clock; config: StreamConfig; slots: LiveStreamSlots },
): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    const serve = eventStreams(app, deps.config, deps.slots);
    // Every open stream by its device's session: one check for them all, and only once the database changed.
    const open = new Map<string, Set<() => void>>();
    let check: NodeJS.Timeout | undefined;
    let lastMark: number | undefined;
    async function endSignedOut() {
      const mark = db.changeMark();
      if (mark !== undefined && mark === lastMark) return;
      lastMark = mark;
      const ids = [...open.keys()];
      for (let from = 0; from < ids.length; from += CHECK_BATCH) {
        const batch = ids.slice(from, from + CHECK_BATCH);
        const live = await liveSessionIds(db.kysely, batch, clock.now().toISOString());
        for (const id of batch) {
          if (!live.has(id)) for (const end of [...(open.get(id) ?? [])]) end();
        }
      }
    }
    const watch = (sessionId: string, end: () => void) => {
      const ends = open.get(sessionId) ?? new Set();
      ends.add(end);
      open.set(sessionId, ends);
      check ??= setInterval(() => void endSignedOut().catch(() => undefined), SESSION_CHECK_MS);
      return () => {
        ends.delete(end);
        if (ends.size === 0) open.delete(sessionId);
        if (open.size === 0) {
          clearInterval(check);
          check = undefined;
          lastMark = undefined;
        }
      };
    };

    route(
      app,
      customerLiveEndpoints.stream,
      (request, reply) => {
        const customer = signedInCustomer(request);
        return serve(
          request,
          reply,
          { session: `customer:${customer.sessionId}`, account: `customer:${customer.id}` },
          customerLiveMessages,
          (stream) => {
            const stop = feed.subscribe(customer, (change) => stream.changed(change));
            // A device signed out (or its account suspended, erased) ends its stream within the check's time.
            const unwatch = watch(customer.sessionId, stream.end);
            return () => {
              unwatch();
              stop();
            };
          },
        );
      },
      { streamEvents: CUSTOMER_LIVE_STREAM_EVENTS },
    );
  };
}
