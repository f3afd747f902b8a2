import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "../bench/lib/server";
import { createAnchors, readSqlite, signInSessions, sleep, startApi, workFolder } from "./lib/harness";

let server: RunningServer | undefined;
afterEach(() => server?.stop());

/** A booking whose body is sent in two halves, so the request is in flight for as long as the test wants. */
function slowBooking(url: string, headers: Record<string, string>, consultantId: string) {
  const guidId = randomUUID();
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const body = JSON.stringify({
    guidId,
    consultantId,
    appointmentDate: date,
    appointmentTime: "10:00",
    description: "Booked while the server shuts down",
  });
  const request = http.request(`${url}/api/v2/userAppointment`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  answer.catch(() => {}); // the second-signal test never gets an answer, on purpose
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { guidId, answer, finish: () => request.end(body.slice(half)) };
}

/** Whether a new TCP connection to the port is refused, trying for up to 5 s (the signal is handled async). */
async function refusesNewConnections(port: number) {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return true;
    await sleep(50);
  }
  return false;
}

async function startWithConsultant() {
  const dataDir = workFolder("shutdown");
  server = await startApi({ dataDir });
  const [headers = {}] = await signInSessions(server.url, 1);
  const [consultantId = ""] = await createAnchors(server.url, headers, 1);
  return { dataDir, api: server, headers, consultantId, port: Number(new URL(server.url).port) };
}

describe("graceful shutdown (SQLite)", () => {
  it("SIGTERM: the request in flight completes, new connections are refused, the database closes cleanly, exit 0", async () => {
    const { dataDir, api, headers, consultantId, port } = await startWithConsultant();
    const booking = slowBooking(api.url, headers, consultantId);
    await sleep(300);
    const exit = api.kill("SIGTERM");

    expect(await refusesNewConnections(port)).toBe(true);
    expect(api.exited()).toBe(false); // still waiting for the request in flight
    booking.finish();
    const answer = await booking.answer;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ guidId: booking.guidId });
    expect(await exit).toEqual({ code: 0, signal: null });

    // Closed cleanly: the write-ahead log was checkpointed into the file and removed (or left empty).
    const wal = path.join(dataDir, "visadesk.sqlite-wal");
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    const { rows, integrity } = readSqlite(dataDir);
    expect(integrity).toBe("ok");
    expect(rows.get(`appointment:${booking.guidId}`)).toMatchObject({ present: true });
  });

  it("a second signal ends the process at once with code 1, without waiting for the request in flight", async () => {
    const { api, headers, consultantId, port } = await startWithConsultant();
    slowBooking(api.url, headers, consultantId); // never finished
    await sleep(300);
    const exit = api.kill("SIGTERM");
    expect(await refusesNewConnections(port)).toBe(true);
    expect(api.exited()).toBe(false);
    process.kill(api.pid, "SIGTERM");
    expect(await exit).toEqual({ code: 1, signal: null });
  });
});
