import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
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
    return {
      async send(mail) {
        await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        // Sortable by time; the random part keeps two mails of one millisecond apart.
        const file = path.join(dir, `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`);
        const message = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
        await fs.promises.writeFile(file, message, { mode: 0o600 });
        // Not the subject: a code's subject carries the code.
        options.log.info({ mail: { file: path.basename(file) } }, "mail written to the outbox");
      },
      async forgetAddress(address) {
        const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
        const named = address.trim().toLowerCase();
        for (const name of names.filter((entry) => entry.endsWith(".eml"))) {
          const file = path.join(dir, name);
          const text = await fs.promises.readFile(file, "utf8").catch(() => "");
          if (text.toLowerCase().includes(named)) await fs.promises.rm(file, { force: true });
        }
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: options.from, ...mail });
      } catch (error) {
        throw smtpFailure(error, mail);
      }
    },
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
