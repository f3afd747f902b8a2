import { customerLiveEndpoints, customerLiveMessages } from "@visadesk/contract/customer-live-endpoints";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "#api/db/database";
import type { Clock } from "#api/lib/clock";
import { route } from "#api/lib/endpoint-route";
import type { LiveStreamSlots } from "#api/plugins/live-stream-slots";
import { signedInCustomer } from "../customer-auth/plugin";
import { isSessionLive } from "../customer-auth/queries";
import type { CustomerFeed } from "./customer-feed";
import { eventStreams, type StreamConfig } from "./event-stream";

/** How often an open stream checks that its device is still signed in: a sign-out ends it within this. */
export const SESSION_CHECK_MS = 2_000;

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
    route(app, customerLiveEndpoints.stream, (request, reply) => {
      const customer = signedInCustomer(request);
      return serve(
        request,
        reply,
        { session: `customer:${customer.sessionId}`, account: `customer:${customer.id}` },
        customerLiveMessages,
        (stream) => {
          const stop = feed.subscribe(customer, (change) => stream.changed(change));
          // A device signed out (or the account suspended, erased) ends its stream within the check's time.
          let lastMark: number | undefined;
          const check = setInterval(() => {
            const mark = db.changeMark();
            if (mark !== undefined && mark === lastMark) return;
            lastMark = mark;
            isSessionLive(db.kysely, customer.sessionId, clock.now().toISOString()).then(
              (live) => {
                if (!live) stream.end();
              },
              () => undefined,
            );
          }, SESSION_CHECK_MS);
          return () => {
            clearInterval(check);
            stop();
          };
        },
      );
    });
  };
}
