import { createHash } from "node:crypto";
import type { Executor } from "#api/db/schema";
import type { Clock } from "./clock";
import type { Mailer } from "./mailer";
import { countHit } from "./window-counter";

const HOUR_MS = 3_600_000;

/**
 * The mailer of the mails anyone can make the server send to an address they type (a sign-up, a new code,
 * a password reset): at most `perHour` of them reach one address within an hour of the first. Counted in
 * the database (the rate limits' table, one upsert a mail), so every API process agrees; the address is
 * kept only as a hash. A mail past the cap is dropped without a word: the request that caused it has
 * already answered as it always does, so nobody learns anything from it.
 */
export function cappedMailer(options: {
  mailer: Mailer;
  db: Executor;
  clock: Clock;
  perHour: number;
  /** Told, without the address, when a mail is held back. */
  onCapped?: () => void;
}): Mailer {
  const { db, clock, perHour } = options;
  return {
    async send(mail) {
      const now = clock.now().getTime();
      const key = `mail-to|${createHash("sha256").update(mail.to.trim().toLowerCase()).digest("base64url")}`;
      const { hits } = await countHit(db, key, HOUR_MS, now);
      if (hits > perHour) {
        options.onCapped?.();
        return;
      }
      await options.mailer.send(mail);
    },
  };
}
