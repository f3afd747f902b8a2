import type { Appointment } from "@visadesk/contract/appointments";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import type { MailReader } from "#api/lib/customer-mail-i18n";
import type { Mailer } from "#api/lib/mailer";
import { recordAudit } from "../audit/service";
import { reminderMail } from "./customer-mails";

/**
 * How long a claimed reminder stays with the worker that claimed it: longer than any SMTP exchange, so a
 * second worker never takes over a send still under way; a worker that died mid-send frees it after that.
 */
const LEASE_MS = 10 * 60 * 1000;
/** Reminders claimed per round at most: one slow SMTP server holds up no more than these. */
const BATCH = 50;

export const reminderMessages = {
  started: "The appointment had started before the reminder could be sent",
  noEmail: "The app user has no email address",
} as const;

export interface ReminderWorkerOptions {
  db: Executor;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The appointment as its answer (null once deleted), and who reads its customer's mail. */
  appointment(id: number): Promise<{ answer: Appointment; reader: MailReader } | null>;
  companyName: string;
  intervalSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
}

export interface ReminderWorker {
  /** One round: claims the due reminders and mails them. Resolves to how many were sent. */
  tick(): Promise<number>;
  /** Runs a round every intervalSeconds until stop(). */
  start(): void;
  /** No further round; resolves once the round under way (if any) has finished. */
  stop(): Promise<void>;
}

/**
 * Sends the due reminders. Each one is claimed first by a conditional UPDATE that succeeds for one worker
 * only (the row must still be scheduled, due and without a live lease; both engines apply it atomically,
 * PostgreSQL re-checking the condition on the locked row), so with several API processes on one database a
 * reminder is mailed once. A failed try is retried after retrySeconds, doubled each time; after maxAttempts
 * tries the reminder is failed, with the last error as its reason. The mail goes before the row is marked
 * sent: a process that dies between the two sends it again once its lease ends (at least once, never lost).
 */
export function createReminderWorker(options: ReminderWorkerOptions): ReminderWorker {
  const { db, clock, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /**
   * Ends an attempt. A reminder sent or given up on is recorded in the appointment's history, by nobody
   * (the worker acts for no one), in the same transaction.
   */
  async function finish(
    id: number,
    lease: string,
    changes: Record<string, unknown>,
    appointment?: { guidId: string; at: Date },
  ) {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("appointmentReminders")
        .set({ leaseUntil: null, ...changes })
        .where("id", "=", id)
        .where("leaseUntil", "=", lease)
        .executeTakeFirst();
      const state = changes.state;
      if (!appointment || Number(updated.numUpdatedRows) !== 1 || (state !== "sent" && state !== "failed"))
        return;
      await recordAudit(trx, {
        context: { actor: null, requestId: null, ip: null },
        action: "remind",
        entity: "appointment",
        entityId: appointment.guidId,
        changes: {
          reminder: { from: null, to: state },
          ...(state === "failed" ? { failureReason: { from: null, to: changes.failureReason } } : {}),
        },
        at: appointment.at,
      });
    });
  }

  async function attempt(
    reminder: { id: number; appointmentId: number; attempts: number },
    now: Date,
  ): Promise<boolean> {
    const nowText = now.toISOString();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const claimed = await db
      .updateTable("appointmentReminders")
      .set({ leaseUntil: lease, attempts: reminder.attempts + 1 })
      .where("id", "=", reminder.id)
      .where("state", "=", "scheduled")
      .where("attempts", "=", reminder.attempts)
      .where("nextAttemptAt", "<=", nowText)
      .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<=", nowText)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;

    const found = await options.appointment(reminder.appointmentId);
    // Deleted meanwhile: its reminders went with it.
    if (!found) return false;
    const { answer, reader } = found;
    if (!answer.isConfirmed || answer.isCancelled) {
      // Cancelled or unconfirmed by a path that did not drop it: it is not sent.
      await db.deleteFrom("appointmentReminders").where("id", "=", reminder.id).execute();
      return false;
    }
    if (Date.parse(answer.startsAt) <= now.getTime()) {
      // Down (or failing) until after the start: a reminder then would be no use.
      await finish(
        reminder.id,
        lease,
        { state: "failed", failureReason: reminderMessages.started },
        { guidId: answer.guidId, at: now },
      );
      return false;
    }
    if (!answer.userEmail) {
      await finish(
        reminder.id,
        lease,
        { state: "failed", failureReason: reminderMessages.noEmail },
        { guidId: answer.guidId, at: now },
      );
      return false;
    }
    try {
      await options.mailer.send(
        reminderMail({ ...answer, userEmail: answer.userEmail }, reader, options.companyName),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const tries = reminder.attempts + 1;
      log.warn({ err: error, reminder: reminder.id, tries }, "appointment reminder not sent");
      if (tries >= options.maxAttempts) {
        await finish(
          reminder.id,
          lease,
          { state: "failed", failureReason: reason },
          { guidId: answer.guidId, at: now },
        );
      } else {
        const wait = options.retrySeconds * 1000 * 2 ** (tries - 1);
        await finish(reminder.id, lease, {
          nextAttemptAt: new Date(now.getTime() + wait).toISOString(),
          failureReason: reason,
        });
      }
      return false;
    }
    const sentNow = clock.now();
    const sentAt = sentNow.toISOString();
    await finish(
      reminder.id,
      lease,
      { state: "sent", sentAt, failureReason: null },
      { guidId: answer.guidId, at: sentNow },
    );
    await db
      .updateTable("appointments")
      .set({ reminderSentAt: sentAt })
      .where("id", "=", answer.id)
      .execute();
    return true;
  }

  async function tick(): Promise<number> {
    const now = clock.now();
    const nowText = now.toISOString();
    const due = await db
      .selectFrom("appointmentReminders")
      .select(["id", "appointmentId", "attempts"])
      .where("state", "=", "scheduled")
      .where("nextAttemptAt", "<=", nowText)
      .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<=", nowText)]))
      .orderBy("nextAttemptAt")
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const reminder of due) {
      if (await attempt(reminder, now)) sent += 1;
    }
    return sent;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log.error({ err: error }, "appointment reminders round failed"))
        .finally(schedule);
    }, options.intervalSeconds * 1000);
  }

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
