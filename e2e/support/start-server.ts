import fs from "node:fs";
import { ADMIN, DATA_DIR } from "./env";

// The real server on a fresh embedded database, without demo data: tests make their own. Mails go to the
// outbox folder in it, where tests read them.
fs.rmSync(DATA_DIR, { recursive: true, force: true });
fs.mkdirSync(DATA_DIR, { recursive: true });
Object.assign(process.env, {
  DATA_DIR,
  DEMO_DATA: "false",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: "info",
  NODE_ENV: "test",
  LOGIN_RATE_LIMIT: "1000",
  REGISTER_RATE_LIMIT: "1000",
  // Every browser test's customer browses the directory from this one address.
  DIRECTORY_RATE_LIMIT: "100000",
  // The customers of the browser tests book, move and cancel more than a customer would in an hour.
  CUSTOMER_BOOKING_WRITES_PER_HOUR: "10000",
  HOST: "127.0.0.1",
});
// Through a variable: the API's own type check covers its sources, so the browser tests' check need not.
const server = "../../apps/api/src/server";
await import(server);
