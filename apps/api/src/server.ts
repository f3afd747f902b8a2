// First: it changes how V8 places the objects allocated by every module after it.
import "./lib/heap-tuning";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { linkOrigin, loadConfig } from "./config";
import { createDb } from "./db/database";
import { prepareDatabase } from "./db/start-up";
import { outboxDir } from "./lib/mailer";

/** How long the requests in flight get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Entry point: config -> (under the start-up lock) migrate, first Admin, demo data -> listen. */
async function main() {
  const config = loadConfig();
  const db = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgPoolSize: config.databasePoolSize,
    pgAcquireTimeoutMs: config.databasePoolTimeoutMs,
  });
  const app = await buildApp({ config, db, serveWeb: true, reminderWorker: true });
  await prepareDatabase(db, config, app.log);

  // SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish, then close the database
  // (SQLite checkpoints its WAL; the PostgreSQL pool ends) and exit 0. A close that hangs past the grace
  // delay, or a second signal, exits 1 at once; an uncaught error also closes this way, then exits 1.
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, "uncaught error: shutting down");
      else app.log.info(`${signal ?? "exit"}: shutting down`);
      await app.close();
      await db.close();
    },
  );

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`  VisaDesk is running at ${url}  (API docs: ${url}/api/docs)`);
  console.log(`  Customer site: ${url}${config.customerSiteBase}/`);
  if (!config.publicUrl) {
    app.log.warn(
      `PUBLIC_URL is not set: links in mails point to ${linkOrigin(config)}. Set it to the address staff open.`,
    );
  }
  if (!config.smtpUrl)
    console.log(`  Mails are written to ${outboxDir(config.dataDir)} (SMTP_URL is not set)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
