import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import { outboxDir } from "./mailer";

let t: TestApp;
const logLines: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-outbox-"));
beforeAll(async () => {
  t = await createTestApp({
    realMailer: true,
    config: { dataDir, smtpUrl: undefined, logLevel: "info" },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("mails without SMTP_URL", () => {
  it("go to files under DATA_DIR/outbox that only their owner can read, and the reset token never reaches the log", async () => {
    const account = await t.createAccount();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      payload: { email: account.email },
    });
    expect(response.statusCode).toBe(200);
    const dir = outboxDir(dataDir);
    await vi.waitFor(() => expect(fs.readdirSync(dir)).toHaveLength(1));
    const [name = ""] = fs.readdirSync(dir);
    const file = path.join(dir, name);
    const mail = fs.readFileSync(file, "utf8");
    expect(mail).toContain(`To: ${account.email}`);
    const token = /token=([\w-]+)/.exec(mail)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(30);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const log = logLines.join("\n");
    expect(log).toContain("mail written to the outbox");
    expect(log).not.toContain(token);
    expect(log).not.toContain("forgot-password/reset");
  });

  it("are never served over HTTP", async () => {
    const [name = ""] = fs.readdirSync(outboxDir(dataDir));
    for (const url of [
      `/outbox/${name}`,
      `/files/${name}`,
      `/files/../outbox/${name}`,
      `/api/v2/files/${name}`,
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain("token=");
    }
  });
});
