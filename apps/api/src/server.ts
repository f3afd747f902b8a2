import { buildApp } from "./app";
import { loadConfig } from "./config";
import { ensureFirstAdmin } from "./db/bootstrap";
import { createDb } from "./db/database";
import { migrate } from "./db/migrate";
import { seedDemoData } from "./db/seed/demo";

/** Entry point: config -> migrate -> first Admin -> (demo data) -> listen. */
async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const app = await buildApp({ config, db, serveWeb: true });
  const created = await ensureFirstAdmin(db, config, app.log);
  if (created && config.demoData)
    await seedDemoData(db, { log: app.log, businessTimeZone: config.businessTimeZone });

  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`  VisaDesk is running at ${url}  (API docs: ${url}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
