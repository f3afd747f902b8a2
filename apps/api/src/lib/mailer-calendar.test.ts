import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { createMailer, outboxDir } from "./mailer";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-outbox-calendar-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const CALENDAR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//EN",
  "METHOD:CANCEL",
  "BEGIN:VEVENT",
  "UID:abc@visadesk.example.pk",
  "SEQUENCE:3",
  "DTSTAMP:20261201T000000Z",
  "DTSTART:20261203T050000Z",
  "STATUS:CANCELLED",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

describe("a mail with an invitation, without SMTP_URL", () => {
  it("is written into the outbox whole, its text/calendar part included, and the log names only the file", async () => {
    const lines: string[] = [];
    const log = {
      info: (fields: unknown, message: string) => void lines.push(`${JSON.stringify(fields)} ${message}`),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "VisaDesk <no-reply@visadesk.local>",
      dataDir,
      log,
    });
    await mailer.send({
      to: "reader@example.com",
      subject: "Your appointment on Thursday is cancelled",
      text: "Hello,\n\nآپ کی اپائنٹمنٹ منسوخ کر دی گئی ہے",
      calendar: { method: "CANCEL", content: CALENDAR },
    });
    const [name = ""] = fs.readdirSync(outboxDir(dataDir));
    const parsed = await simpleParser(fs.readFileSync(path.join(outboxDir(dataDir), name)));
    expect(parsed.to && "text" in parsed.to ? parsed.to.text : "").toBe("reader@example.com");
    expect(parsed.subject).toBe("Your appointment on Thursday is cancelled");
    expect(parsed.text).toContain("آپ کی اپائنٹمنٹ منسوخ کر دی گئی ہے");
    const part = parsed.attachments.find((attachment) => attachment.contentType === "text/calendar");
    expect(part?.content.toString("utf8")).toContain("METHOD:CANCEL");
    expect(fs.readFileSync(path.join(outboxDir(dataDir), name), "utf8")).toMatch(
      /text\/calendar; charset=utf-8; method=CANCEL/i,
    );
    // The secrets rule holds: neither the subject nor the text reaches the log.
    expect(lines.join("")).toContain(name);
    expect(lines.join("")).not.toContain("cancelled");
    // The address is still found in the copy, so an erasure forgets it.
    await mailer.forgetAddress?.("reader@example.com");
    expect(fs.readdirSync(outboxDir(dataDir))).toEqual([]);
  });
});
