import type { Config } from "./config";
import type { Db } from "./db/database";
import type { Clock } from "./lib/clock";
import type { Mailer } from "./lib/mailer";
import type { FileService } from "./modules/files/service";

/** What every module's service factory may depend on: passed in explicitly, never imported, so tests can swap any of them. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  files: FileService;
}
