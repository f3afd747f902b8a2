import { execFile } from "node:child_process";
import net from "node:net";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A way to take PostgreSQL away from the server under test and give it back. */
export interface DatabaseOutage {
  /** What the server is given as DATABASE_URL. */
  serverUrl: string;
  /** How the outage is made, for the figures. */
  method: string;
  stop(): Promise<void>;
  /** Answers once PostgreSQL accepts connections again; harmless when it was not stopped. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real thing: the PostgreSQL cluster is stopped (fast mode: sessions get 57P01 "terminating connection
 * due to administrator command", then every connection is refused) and started again. Needs the rights to
 * run pg_ctlcluster, as CI has; `cluster` is "<version> <name>", e.g. "15 main".
 */
export function clusterOutage(cluster: string, databaseUrl: string): DatabaseOutage {
  const [version = "", name = ""] = cluster.trim().split(/\s+/);
  let stopped = false;
  return {
    serverUrl: databaseUrl,
    method: `pg_ctlcluster ${version} ${name} stop --mode fast, then start`,
    async stop() {
      stopped = true;
      await run("pg_ctlcluster", ["--mode", "fast", version, name, "stop"]);
    },
    async start() {
      if (!stopped) return;
      // pg_ctlcluster start waits until the server accepts connections.
      await run("pg_ctlcluster", [version, name, "start"]);
      stopped = false;
    },
    close: async () => {},
  };
}

/**
 * Without the rights to stop the cluster (or on a machine where others share it): a TCP proxy between the
 * server and PostgreSQL that, for the outage, drops every open connection and refuses new ones, which is
 * what the server sees of a stopped database.
 */
export async function proxyOutage(databaseUrl: string): Promise<DatabaseOutage> {
  const upstream = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        server.destroy();
      });
    }
    client.pipe(server).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      proxy.once("error", reject);
      proxy.listen(port, "127.0.0.1", () => {
        proxy.off("error", reject);
        resolve((proxy.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const serverUrl = new URL(databaseUrl);
  serverUrl.hostname = "127.0.0.1";
  serverUrl.port = String(port);
  let stopped = false;
  return {
    serverUrl: serverUrl.toString(),
    method: "TCP proxy in front of PostgreSQL: every connection dropped, new ones refused",
    async stop() {
      stopped = true;
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async start() {
      if (!stopped) return;
      await listen(port);
      stopped = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (proxy.listening) await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
