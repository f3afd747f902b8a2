import type { Config } from "./config";
import type { Db } from "./db/database";
import type { Clock } from "./lib/clock";
import type { Mailer } from "./lib/mailer";
import type { FileService } from "./modules/files/service";

/** What every module's service factory may depend on (house style 9: explicit dependencies). */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  files: FileService;
}
