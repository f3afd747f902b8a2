import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADMIN } from "./env";

// The real server on a fresh temporary embedded database, without demo data: tests make their own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-e2e-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DEMO_DATA: "false",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: "info",
  NODE_ENV: "test",
  LOGIN_RATE_LIMIT: "1000",
  REGISTER_RATE_LIMIT: "1000",
  HOST: "127.0.0.1",
});
await import("../../apps/api/src/server");
