import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CUSTOMER_API, signUpBody } from "../../../test/customers";
import { createTestApp, type TestApp } from "../../../test/helpers";

/*
 * The code is a secret for 30 minutes: no log line carries it, at any level, whichever way the mail leaves
 * (the outbox folder without SMTP_URL, or an SMTP server, here one that refuses the mail quoting it).
 */

const apps: TestApp[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
  for (const cleanup of cleanups) cleanup();
});

async function appLoggingEverything(config: Record<string, unknown>) {
  const lines: string[] = [];
  const t = await createTestApp({
    realMailer: true,
    logStream: { write: (line) => void lines.push(line) },
    config: { logLevel: "trace", ...config },
  });
  apps.push(t);
  return { t, lines };
}

/** An SMTP server that takes the envelope and refuses the message, quoting its subject back. */
async function refusingSmtpServer() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let message = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      const text = chunk.toString("utf8");
      if (data) {
        message += text;
        if (message.includes("\r\n.\r\n")) {
          data = false;
          received.push(message);
          const subject = /^Subject: (.*)$/m.exec(message)?.[1] ?? "";
          socket.write(`550 5.7.1 Refused: ${subject}\r\n`);
        }
        return;
      }
      for (const line of text.split("\r\n").filter(Boolean)) {
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250 test\r\n");
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => server.close());
  return { port: (server.address() as net.AddressInfo).port, received };
}

const signUp = (t: TestApp, email: string) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/auth/sign-up`, payload: signUpBody({ email }) });

describe("the verification code", () => {
  it("is in the outbox's mail, never in a log line", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-outbox-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { t, lines } = await appLoggingEverything({ dataDir });
    const email = `outbox${Date.now()}@example.com`;
    expect((await signUp(t, email)).statusCode).toBe(202);
    const outbox = path.join(dataDir, "outbox");
    let code = "";
    await vi.waitFor(() => {
      const mail = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), "utf8"))[0];
      code = /code=(\d{6})/.exec(mail ?? "")?.[1] ?? "";
      expect(code).not.toBe("");
    });
    await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/verify-email`,
      payload: { email, code },
    });
    await vi.waitFor(() => expect(lines.join("")).toContain("mail written to the outbox"));
    expect(lines.join("\n")).not.toContain(code);
  });

  it("is never in a log line when the SMTP server refuses the mail, quoting it", async () => {
    const smtp = await refusingSmtpServer();
    const { t, lines } = await appLoggingEverything({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    const email = `smtp${Date.now()}@example.com`;
    expect((await signUp(t, email)).statusCode).toBe(202);
    await vi.waitFor(() => expect(lines.join("")).toContain("verification code mail failed"), {
      timeout: 10_000,
    });
    const code = /^Subject: .*\b(\d{6})\b/m.exec(smtp.received.join(""))?.[1] ?? "";
    expect(code).not.toBe("");
    expect(lines.join("\n")).not.toContain(code);
  });
});
