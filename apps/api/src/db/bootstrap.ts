import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { hashPassword } from "../lib/passwords";
import { countAccounts } from "../modules/users/account-records";
import type { Db } from "./database";

/**
 * On an empty database: creates the first Admin (ADMIN_EMAIL / ADMIN_PASSWORD, or a random password
 * printed once). There is no fixed default account anywhere. Run under the start-up lock (db/start-up.ts); a
 * racing insert that loses to the unique indexes creates nothing and reports so.
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<boolean> {
  if ((await countAccounts(db.kysely)) > 0) return false;
  const email = config.adminEmail ?? "admin@visadesk.local";
  const password = config.adminPassword ?? randomBytes(12).toString("base64url");
  const now = new Date().toISOString();
  const inserted = await db.kysely
    .insertInto("users")
    .values({
      guidId: randomUUID(),
      userName: "admin",
      email,
      firstName: "First",
      lastName: "Admin",
      passwordHash: await hashPassword(password),
      role: "Admin",
      status: "active",
      // A printed password has been on a console: its owner must replace it before anything else works.
      isPasswordTemporary: !config.adminPassword,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const shown = config.adminPassword ? "(the ADMIN_PASSWORD you set)" : password;
  // Printed on the console once, on purpose: it is the only way to learn a generated password.
  console.log(
    `\n  First Admin account created\n    email:    ${email}\n    password: ${shown}\n  Sign in and choose your own; it will not be shown again.\n`,
  );
  log.info({ email }, "first Admin account created");
  return true;
}
