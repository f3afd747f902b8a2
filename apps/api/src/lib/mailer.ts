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
}

/** Where mails go without SMTP_URL: files a developer can open, never the log and never served over HTTP. */
export const outboxDir = (dataDir: string) => path.join(dataDir, "outbox");

/**
 * Sends through SMTP_URL; without it, writes each mail as a file under DATA_DIR/outbox. Mails carry reset
 * links, which are secrets: the log only says that a mail was written and to whom.
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
        options.log.info(
          { mail: { to: mail.to, subject: mail.subject, file } },
          "mail written to the outbox",
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
