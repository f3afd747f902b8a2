import {
  appointmentMessages as messages,
  REMINDER_COOLDOWN_MINUTES,
} from "@visadesk/contract/appointments-constants";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound, TooManyRequests } from "#api/lib/errors";
import { recordChange } from "../audit/service";
import { findAppointment, getAppointment, readerOf } from "./appointment-answer";
import { reminderMail } from "./customer-mails";
import { createReminderWorker } from "./reminder-worker";
import * as repo from "./repository";

/**
 * Mails the appointment's user (SMTP_URL, or the server log) and records when. One reminder per
 * appointment per REMINDER_COOLDOWN_MINUTES (the automatic one counts): a sooner ask mails nothing and
 * answers 429 with when to ask again, so no button or bulk action can flood a customer's mailbox.
 */
export async function sendReminder(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  reference: string,
) {
  const { db, clock } = deps;
  const appointment = await getAppointment(deps, reference);
  if (appointment.isCancelled) throw new Conflict(messages.reminderCancelled);
  if (!appointment.userEmail) throw new NotFound(messages.customerNotFound);
  const userEmail = appointment.userEmail;
  const sent = clock.now();
  const now = sent.toISOString();
  const cooldownMs = REMINDER_COOLDOWN_MINUTES * 60_000;
  // Claimed before the mail goes: of simultaneous asks only one mails.
  if (
    !(await repo.claimReminder(
      db.kysely,
      appointment.id,
      now,
      new Date(sent.getTime() - cooldownMs).toISOString(),
    ))
  ) {
    const last = (await repo.findAppointmentRow(db.kysely, appointment.id))?.reminderSentAt;
    const waitMs = last ? new Date(last).getTime() + cooldownMs - sent.getTime() : cooldownMs;
    throw new TooManyRequests(messages.reminderTooSoon, Math.max(1, Math.ceil(waitMs / 1000)));
  }
  try {
    await deps.mailer.send(
      reminderMail({ ...appointment, userEmail }, await readerOf(deps, appointment), deps.config.companyName),
    );
  } catch (error) {
    await repo.releaseReminder(db.kysely, appointment.id, now, appointment.reminderSentAt);
    throw error;
  }
  await db.kysely.transaction().execute(async (trx) => {
    await recordChange(trx, {
      action: "remind",
      entity: "appointment",
      entityId: appointment.guidId,
      changes: { reminder: { from: null, to: "sent" } },
      at: sent,
    });
  });
  return {
    message: messages.reminderSent(appointment.userEmail),
    appointment: { ...appointment, reminderSentAt: now },
  };
}

/** The automatic reminders' worker (started by the server, stopped when the app closes). */
export function appointmentReminderWorker(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  log: FastifyBaseLogger,
) {
  const { db, clock, config } = deps;
  return createReminderWorker({
    db: db.kysely,
    mailer: deps.mailer,
    clock,
    log,
    async appointment(id) {
      const answer = await findAppointment(deps, id);
      return answer ? { answer, reader: await readerOf(deps, answer) } : null;
    },
    companyName: config.companyName,
    intervalSeconds: config.reminderIntervalSeconds,
    maxAttempts: config.reminderMaxAttempts,
    retrySeconds: config.reminderRetrySeconds,
  });
}
