import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * An iCalendar invitation (RFC 5546) sent beside the text as a `text/calendar; method=...` alternative, so a
   * mail program offers to add, move or remove the event.
   */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Deletes the kept copies of every mail that names this address (to it, or about it in its text): an
   * erased customer's. Only the outbox keeps copies; a mail sent through SMTP is gone from here.
   */
  forgetAddress?(address: string): Promise<void>;
}

/** Where mails go without SMTP_URL: files a developer can open, never the log and never served over HTTP. */
export const outboxDir = (dataDir: string) => path.join(dataDir, "outbox");

/**
 * Sends through SMTP_URL; without it, writes each mail as a file under DATA_DIR/outbox. Mails carry reset
 * links and codes (a code's subject too), which are secrets: the log only says that a mail was written and
 * under which file name (random, never the address: a log line names no customer), never its subject or text,
 * on either path.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    const dir = outboxDir(options.dataDir);
    const outboxBuilder = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: "unix",
    });
    return {
      async send(mail) {
        await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        // Sortable by time; the random part keeps two mails of one millisecond apart.
        const file = path.join(dir, `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`);
        // A mail with an invitation: the whole MIME message SMTP would carry, its calendar part included (a
        // true copy a mail program opens); any other stays the plain headers and text a developer reads.
        const message = mail.calendar
          ? (await outboxBuilder.sendMail(nodemailerMessage(options.from, mail))).message
          : `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
        await fs.promises.writeFile(file, message, { mode: 0o600 });
        // Not the subject: a code's subject carries the code.
        options.log.info({ mail: { file: path.basename(file) } }, "mail written to the outbox");
      },
      async forgetAddress(address) {
        const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
        const named = address.trim().toLowerCase();
        for (const name of names.filter((entry) => entry.endsWith(".eml"))) {
          const file = path.join(dir, name);
          // Quoted-printable (nodemailerMessage) may wrap a long line: joined again, the address reads whole.
          const text = (await fs.promises.readFile(file, "utf8").catch(() => "")).replaceAll("=\n", "");
          if (text.toLowerCase().includes(named)) await fs.promises.rm(file, { force: true });
        }
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail(nodemailerMessage(options.from, mail));
      } catch (error) {
        throw smtpFailure(error, mail);
      }
    },
  };
}

/** The mail as nodemailer builds it: the calendar as its `icalEvent` (a text/calendar alternative). */
function nodemailerMessage(from: string, mail: Mail) {
  const { calendar, ...rest } = mail;
  return {
    from,
    ...rest,
    // Never base64 (which a mostly-Urdu text would get): an outbox copy stays searchable for an address.
    textEncoding: "quoted-printable" as const,
    ...(calendar
      ? { icalEvent: { method: calendar.method, filename: "invite.ics", content: calendar.content } }
      : {}),
  };
}

/**
 * A refused or failed send as an error the log may keep: the SMTP server's reply may quote the mail (a
 * subject with a code in it), so the mail's subject and text are cut out of its message, and nothing else
 * of the original error (which holds the whole envelope) goes along.
 */
function smtpFailure(error: unknown, mail: Mail): Error {
  const original = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  let message = String(original?.message ?? error);
  for (const secret of [mail.subject, mail.text, ...mail.text.split("\n")]) {
    if (secret.trim().length >= 4) message = message.replaceAll(secret, "[mail]");
  }
  const failure = new Error(`The SMTP server did not take the mail: ${message}`);
  return Object.assign(failure, { code: original?.code, responseCode: original?.responseCode });
}
