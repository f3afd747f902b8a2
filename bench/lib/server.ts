import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process, in MB (Linux /proc), or undefined elsewhere. */
  rssMb(): number | undefined;
  /** Whether the process has ended, and the end of its log (to explain a failure). */
  exited(): boolean;
  logTail(): string;
  /** Sends the signal and answers how the process ended (reliability tests: SIGKILL, SIGTERM). */
  kill(signal: NodeJS.Signals): Promise<ServerExit>;
  stop(): Promise<void>;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (apps/api/src/server.ts) as one node process, so the pid measured is the
 * server itself and not a launcher, and waits until it answers /api/health.
 */
export async function startServer(options: {
  root: string;
  env: Record<string, string>;
  logFile: string;
  /** The port to listen on (a restarted replica keeps its own, which the load balancer knows); free by default. */
  port?: number;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const log = fs.openSync(options.logFile, "a");
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(options.root, "apps/api/src/server.ts")],
    {
      cwd: options.root,
      env: { ...process.env, ...options.env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", log, log],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<ServerExit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early; see ${options.logFile}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within 60 s; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    logTail: () => fs.readFileSync(options.logFile, "utf8").slice(-2000),
    rssMb() {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
        return Number.isFinite(kb) ? kb / 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.closeSync(log);
    },
  };
}

/**
 * Signs in and answers the bearer token, the stored user, and the headers a later call sends: the bearer
 * token plus the session cookie set at sign-in, if any (a token may be bound to it).
 */
export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/v2/connect/verify-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { accessToken: string; user: Record<string, unknown> };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const headers: Record<string, string> = { authorization: `Bearer ${body.accessToken}` };
  if (cookie) headers.cookie = cookie;
  return { token: body.accessToken, user: body.user, headers };
}
