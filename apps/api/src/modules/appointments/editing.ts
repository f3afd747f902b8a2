import type { Appointment, UpdateAppointmentBody } from "@visadesk/contract/appointments";
import { appointmentMessages as messages, withSeconds } from "@visadesk/contract/appointments-constants";
import type { AppDeps } from "#api/deps";
import { NotFound, ValidationError } from "#api/lib/errors";
import { StaleVersion } from "#api/lib/versions";
import { changesBetween, recordChange } from "../audit/service";
import { findAppointmentConsultant } from "../consultants/queries";
import { checkBooking } from "../scheduling/service";
import { type Actor, getAppointment } from "./appointment-answer";
import { AUDITED_FIELDS, type AuditedFields, editAction } from "./appointment-history";
import { sendAppointmentMails } from "./appointment-mails";
import {
  bookedFields,
  bookingConflict,
  bookingSettings,
  consultantToday,
  keepReminders,
  resolveUser,
} from "./booking-rules";
import * as repo from "./repository";

/**
 * The edit dialog's save, and the bulk actions made of it: moving an appointment (another date, time or
 * consultant), confirming, cancelling (with its reason), marking paid; the customer is mailed after it.
 *
 * Flags the body leaves out are carried over. A flag turning on stamps its time and the actor; a flag
 * turning off clears them; otherwise the stored stamps stay (client-sent stamps are ignored).
 * "Not in the past" applies only when the date changes, so past appointments can still be settled.
 */
export async function changeAppointment(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  body: UpdateAppointmentBody,
  actor: Actor,
  expected: number | undefined = body.version,
): Promise<Appointment> {
  const { db, clock } = deps;
  const existing = await repo.findAppointmentRow(db.kysely, body.id);
  if (!existing) throw new NotFound(messages.notFound);
  // Told before field errors, which would be checked against a record the person has not seen.
  if (expected !== undefined && existing.version !== expected) throw new StaleVersion();

  const fieldErrors: Record<string, string> = {};
  const consultant = await findAppointmentConsultant(db.kysely, body.consultantId);
  if (
    body.appointmentDate !== existing.appointmentDate &&
    body.appointmentDate < consultantToday(deps, consultant)
  ) {
    fieldErrors.appointmentDate = messages.datePast;
  }
  // A consultant deleted since the booking still holds its existing appointments.
  const consultantOk = consultant && (!consultant.deletedAt || consultant.id === existing.consultantId);
  if (!consultantOk) fieldErrors.consultantId = messages.consultantNotFound;
  const user = await resolveUser(deps, body.userid ?? body.userId, actor, existing.userId);
  if (!user) fieldErrors.userid = messages.customerNotFound;
  if (!consultant || !consultantOk || !user || Object.keys(fieldErrors).length > 0) {
    throw new ValidationError(fieldErrors);
  }

  const now = clock.now().toISOString();
  const isConfirmed = body.isConfirmed ?? existing.isConfirmed;
  const isCancelled = body.isCancelled ?? existing.isCancelled;
  const stamp = (on: boolean, wasOn: boolean, at: string | null, by: string | null) =>
    on ? (wasOn ? { at, by } : { at: now, by: actor.userName }) : { at: null, by: null };
  const confirmation = stamp(isConfirmed, existing.isConfirmed, existing.confirmedAt, existing.confirmedBy);
  const cancellation = stamp(isCancelled, existing.isCancelled, existing.cancelledAt, existing.cancelledBy);
  const cancelling = isCancelled && !existing.isCancelled;
  // A reason belongs to the cancel that gave it (a later edit may correct it); it goes when the
  // appointment is no longer cancelled.
  const given = body.cancellationReason?.trim() || null;
  const reason = isCancelled ? (cancelling ? given : (given ?? existing.cancellationReason)) : null;
  // A move (another date, time or consultant) is checked against the hours; any appointment that is not
  // cancelled must not overlap another, so un-cancelling one checks too.
  const moved =
    body.appointmentDate !== existing.appointmentDate ||
    withSeconds(body.appointmentTime) !== withSeconds(existing.appointmentTime) ||
    consultant.id !== existing.consultantId;
  let edited: boolean;
  try {
    edited = await db.kysely.transaction().execute(async (trx) => {
      const booking = await checkBooking(
        trx,
        {
          consultant,
          appointmentDate: body.appointmentDate,
          appointmentTime: body.appointmentTime,
          exceptId: existing.id,
          allowOutsideHours: body.allowOutsideHours ?? false,
          checkHours: moved,
          checkOverlap: !isCancelled,
        },
        bookingSettings(deps),
      );
      const outside = moved
        ? {
            isOutsideHours: booking.outsideHours,
            outsideHoursBy: booking.outsideHours ? actor.userName : null,
          }
        : {};
      const values = {
        ...bookedFields(body, user, consultant),
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        ...outside,
        isConfirmed,
        isCancelled,
        isPaid: body.isPaid ?? existing.isPaid,
        confirmedAt: confirmation.at,
        confirmedBy: confirmation.by,
        cancelledAt: cancellation.at,
        cancelledBy: cancellation.by,
        cancellationReason: reason,
        updatedAt: now,
        updatedBy: actor.userName,
      };
      const changed = await repo.editAppointment(trx, existing.id, values, expected);
      if (changed) {
        const after = { ...existing, ...values };
        await recordChange(trx, {
          action: editAction(existing, after),
          entity: "appointment",
          entityId: existing.guidId,
          changes: changesBetween<AuditedFields>(existing, after, AUDITED_FIELDS),
          at: new Date(now),
        });
        await keepReminders(deps, trx, {
          id: existing.id,
          startsAt: booking.startsAt,
          isConfirmed,
          isCancelled,
        });
      }
      return changed;
    });
  } catch (error) {
    throw bookingConflict(error) ?? error;
  }
  if (!edited) {
    throw (await repo.findAppointmentRow(db.kysely, existing.id))
      ? new StaleVersion()
      : new NotFound(messages.notFound);
  }
  const answer = await getAppointment(deps, existing.id);
  // After the commit: nobody is told of a change that was rolled back; a refused mail fails no change.
  const confirming = isConfirmed && !existing.isConfirmed && !isCancelled;
  const telling = cancelling || confirming || (moved && !isCancelled);
  if (telling) {
    await sendAppointmentMails(deps, answer, cancelling ? "cancelled" : confirming ? "confirmed" : "moved", {
      reason,
      byCustomer: actor.id === existing.userId,
    });
  }
  return answer;
}
