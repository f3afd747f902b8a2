import pg from "pg";
import { DatabaseBusy } from "./errors";

export interface PostgresPoolOptions extends pg.PoolConfig {
  /** Connections this process opens at most (DATABASE_POOL_SIZE). */
  max: number;
  /** How long a query waits for a free connection, or for a new one to open, before it fails. */
  acquireTimeoutMs: number;
}

/**
 * The PostgreSQL connection pool of one process, which knows how long its oldest waiter has waited.
 * A query that waits past the acquire timeout while every connection is in use fails with DatabaseBusy (the
 * process is saturated: 503 "The server is busy", the database is fine); one that times out while the pool
 * has room was waiting for a new connection to open, so the database is away (503 "unavailable").
 */
export function postgresPool({ acquireTimeoutMs, ...options }: PostgresPoolOptions) {
  const pool = new pg.Pool({ ...options, connectionTimeoutMillis: acquireTimeoutMs });
  // Waiters in the order they came: a Set keeps insertion order, so its first entry is the oldest.
  const waiting = new Set<{ since: number }>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  Object.assign(pool, {
    connect(callback?: unknown) {
      if (callback) return (connect as (callback: unknown) => void)(callback);
      const waiter = { since: Date.now() };
      waiting.add(waiter);
      const full = () => pool.totalCount >= options.max && pool.idleCount === 0;
      return connect().then(
        (client) => {
          waiting.delete(waiter);
          return client;
        },
        (error: Error) => {
          waiting.delete(waiter);
          throw /timeout exceeded/i.test(error.message) && full() ? new DatabaseBusy(error) : error;
        },
      );
    },
  });
  return {
    pool,
    /** How long the oldest query still waiting for a connection has waited, in ms (0: none waits). */
    waitedMs(): number {
      const oldest = waiting.values().next().value;
      return oldest ? Date.now() - oldest.since : 0;
    },
  };
}
