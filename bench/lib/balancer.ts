import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./server";

/** HAProxy from the system's packages (`apt-get install haproxy`). */
const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";

export interface Balancer {
  url: string;
  /** The instances' states as HAProxy sees them now (UP, DOWN, …), by name. */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * A real load balancer in front of the replicas, configured as docs/operations.md says: round-robin, a
 * readiness check on GET /api/health every 500 ms (down after 2 failures, up after 2 successes), a request
 * that finds an instance gone (connection refused, or Fastify's 503 while it closes) sent to another one,
 * X-Forwarded-For added (the instances trust the balancer's address), and long answers (the live stream)
 * left open. Each instance is listed a second time as a backup without a check: when all of them answer
 * "busy" at once, the balancer still sends to them instead of answering 503 itself.
 */
export async function startBalancer(folder: string, replicas: Array<{ name: string; port: number }>) {
  if (!fs.existsSync(HAPROXY)) {
    throw new Error(`HAProxy is missing at ${HAPROXY}: apt-get install haproxy (or set HAPROXY_PATH)`);
  }
  const port = await freePort();
  const statsSocket = path.join(folder, "haproxy.sock");
  const config = [
    "global",
    `  stats socket ${statsSocket} mode 600 level admin`,
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure 503",
    "  option forwardfor",
    "frontend api",
    `  bind 127.0.0.1:${port}`,
    "  default_backend replicas",
    "backend replicas",
    "  balance roundrobin",
    "  option httpchk GET /api/health",
    "  http-check expect status 200",
    "  timeout check 2s",
    "  default-server inter 500ms fall 2 rise 2",
    ...replicas.map((replica) => `  server ${replica.name} 127.0.0.1:${replica.port} check`),
    // When every instance says it is busy, all of them still serve (unchecked backups of the same
    // instances): readiness shifts load to the free ones, it never turns a busy marketplace away.
    "  option allbackups",
    ...replicas.map((replica) => `  server ${replica.name}-all-busy 127.0.0.1:${replica.port} backup`),
    "",
  ].join("\n");
  const file = path.join(folder, "haproxy.cfg");
  fs.writeFileSync(file, config);
  const log = fs.openSync(path.join(folder, "haproxy.log"), "a");
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", log, log] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited: see ${path.join(folder, "haproxy.log")}`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("HAProxy did not answer within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async states() {
      const net = await import("node:net");
      const csv = await new Promise<string>((resolve, reject) => {
        let text = "";
        const socket = net.connect(statsSocket, () => socket.write("show stat\n"));
        socket.on("data", (chunk) => {
          text += chunk;
        });
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      const states: Record<string, string> = {};
      for (const line of csv.split("\n")) {
        const [backend, server, ...fields] = line.split(",");
        if (backend !== "replicas" || !server || server === "BACKEND" || server.endsWith("-all-busy"))
          continue;
        states[server] = fields[15] ?? "";
      }
      return states;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.closeSync(log);
    },
  } satisfies Balancer;
}
