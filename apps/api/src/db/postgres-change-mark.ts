import pg from "pg";
import { CHANGES_CHANNEL } from "./change-channel";

/** How long the listener waits before connecting again after losing its connection. */
const LISTENER_RETRY_MS = 1_000;
/** How often the listener proves its connection alive, and how long it waits for that answer or to connect. */
const LISTENER_HEARTBEAT_MS = 10_000;
const LISTENER_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL's change mark: one connection per process LISTENs on the channel every table's trigger notifies
 * on (migration 021). The mark moves on every notice (a commit anywhere, this process's included), on every
 * write this process runs (`moved`, called by the pool's connections) and on every (re)connection of the
 * listener, since notices sent while it was away are lost. While it is not listening there is no mark, so
 * every kept value is read again. It connects on the first call, not at start-up (a script that never keeps
 * a value opens no extra connection), and again at most once a second after losing its connection. A
 * connection that hangs without breaking is found by a heartbeat: no answer within seconds drops it.
 */
export function pgChangeMark(config: pg.ClientConfig) {
  let mark = 0;
  let listening = false;
  let closed = false;
  let listener: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryAt = 0;

  const drop = (gone: pg.Client) => {
    if (gone !== listener) return;
    listener = undefined;
    listening = false;
    clearInterval(heartbeat);
    retryAt = Date.now() + LISTENER_RETRY_MS;
    gone.end().catch(() => {});
  };

  const listen = () => {
    if (listener || closed || Date.now() < retryAt) return;
    const client = new pg.Client({
      ...config,
      connectionTimeoutMillis: LISTENER_TIMEOUT_MS,
      query_timeout: LISTENER_TIMEOUT_MS,
    });
    listener = client;
    client.on("notification", () => {
      mark += 1;
    });
    client.on("error", () => drop(client));
    client.on("end", () => drop(client));
    client
      .connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== listener) return;
        mark += 1;
        listening = true;
        heartbeat = setInterval(() => {
          client.query("select 1").catch(() => drop(client));
        }, LISTENER_HEARTBEAT_MS).unref();
      })
      .catch(() => drop(client));
  };

  return {
    mark(): number | undefined {
      if (listening) return mark;
      listen();
      return undefined;
    },
    moved() {
      mark += 1;
    },
    async close() {
      closed = true;
      const client = listener;
      listener = undefined;
      listening = false;
      clearInterval(heartbeat);
      await client?.end().catch(() => {});
    },
  };
}
