import type { FastifyBaseLogger } from "fastify";

/**
 * Work that must not hold up an answer, nor tell by its duration what the answer hides (whether an account
 * exists): mails and the writes that go with them. Failures are logged; closing the app waits for what is running.
 */
export interface BackgroundTasks {
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once nothing is running (app close, tests). */
  settled(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      // Two turns of the event loop, not a microtask: the answer has left first, also through app.inject, whose
      // socket finishes one turn after the reply (better-sqlite3 would run the writes synchronously).
      const done: Promise<void> = new Promise((resolve) => setImmediate(() => setImmediate(resolve)))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `${what} failed`),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
