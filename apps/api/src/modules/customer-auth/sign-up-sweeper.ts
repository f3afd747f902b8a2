import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import { deleteExpiredSignUps } from "./sign-up-repository";

/** How often the sweeper looks for sign-ups whose time is up. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Removes the sign-ups whose SIGNUP_EXPIRY_HOURS have passed unproven (a read already ignores them: this
 * only clears them out). One DELETE a round, so any number of API processes may run it side by side.
 */
export function createSignUpSweeper(options: {
  db: Executor;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => deleteExpiredSignUps(options.db, options.clock.now().toISOString());
  return {
    /** One round: how many sign-ups it removed. */
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        running = tick().catch((error: unknown) =>
          options.log.error({ err: error }, "removing expired sign-ups failed"),
        );
      }, options.intervalMs ?? SWEEP_INTERVAL_MS);
      // A server with nothing else to do may still stop.
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
