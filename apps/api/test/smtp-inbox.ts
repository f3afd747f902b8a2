import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail the in-process SMTP server received: its envelope's recipient, the raw message, and it parsed. */
export interface ReceivedMail {
  to: string;
  raw: string;
  parsed: ParsedMail;
  /** The text/calendar part, as sent (nodemailer's icalEvent). */
  calendar: string | null;
}

/** A real SMTP server listening in the test's process, keeping every mail it takes. */
export async function smtpInbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        const part = parsed.attachments.find((attachment) => attachment.contentType === "text/calendar");
        for (const rcpt of session.envelope.rcptTo) {
          received.push({
            to: rcpt.address,
            raw,
            parsed,
            calendar: part ? part.content.toString("utf8") : null,
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to: (address: string) => received.filter((mail) => mail.to === address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One property of a calendar's VEVENT (unfolded): "SEQUENCE" → "2". */
export function icalProperty(calendar: string, name: string): string | undefined {
  const unfolded = calendar.replace(/\r?\n[ \t]/g, "");
  const line = unfolded.split(/\r?\n/).find((entry) => new RegExp(`^${name}[;:]`).test(entry));
  return line?.slice(line.indexOf(":") + 1);
}
