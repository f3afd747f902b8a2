import type { Appointment, CreateAppointmentBody } from "@visadesk/contract/appointments";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { changesBetween, recordChange } from "../audit/service";
import { findAppointmentConsultant } from "../consultants/queries";
import { checkBooking } from "../scheduling/service";
import { type Actor, getAppointment } from "./appointment-answer";
import { AUDITED_FIELDS, type AuditedFields } from "./appointment-history";
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
 * Books an appointment. `byCustomer`: the customer books for themselves (the customer API); their own rules
 * run in the booking's transaction (`guard`), so two of their bookings at once cannot both pass a limit.
 */
export async function bookAppointment(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  body: CreateAppointmentBody,
  actor: Actor,
  byCustomer?: { guard(trx: Executor): Promise<void> },
): Promise<Appointment> {
  const { db, clock } = deps;
  const fieldErrors: Record<string, string> = {};
  const consultant = await findAppointmentConsultant(db.kysely, body.consultantId);
  if (!consultant || consultant.deletedAt) fieldErrors.consultantId = messages.consultantNotFound;
  if (body.appointmentDate < consultantToday(deps, consultant))
    fieldErrors.appointmentDate = messages.datePast;
  const user = await resolveUser(deps, body.userid ?? body.userId, actor);
  if (!user) fieldErrors.userid = messages.customerNotFound;
  if (!consultant || consultant.deletedAt || !user || Object.keys(fieldErrors).length > 0) {
    throw new ValidationError(fieldErrors);
  }

  const now = clock.now().toISOString();
  const confirmed = body.isConfirmed ?? false;
  let id: number;
  try {
    // The rules and the write in one transaction: SQLite's single writer serializes them; PostgreSQL's
    // exclusion constraint refuses the loser of a race (23P01, the same 409).
    id = await db.kysely.transaction().execute(async (trx) => {
      await byCustomer?.guard(trx);
      const booking = await checkBooking(
        trx,
        {
          consultant,
          appointmentDate: body.appointmentDate,
          appointmentTime: body.appointmentTime,
          allowOutsideHours: body.allowOutsideHours ?? false,
          checkHours: true,
          checkOverlap: true,
        },
        bookingSettings(deps),
      );
      const values = {
        guidId: body.guidId ?? newGuid(),
        ...bookedFields(body, user, consultant),
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        isOutsideHours: booking.outsideHours,
        outsideHoursBy: booking.outsideHours ? actor.userName : null,
        isBookedByCustomer: byCustomer !== undefined,
        isConfirmed: confirmed,
        isCancelled: false,
        isPaid: false,
        confirmedAt: confirmed ? now : null,
        confirmedBy: confirmed ? actor.userName : null,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userName,
        updatedBy: actor.userName,
      };
      const inserted = await repo.insertAppointment(trx, values);
      await recordChange(trx, {
        action: "create",
        entity: "appointment",
        entityId: values.guidId,
        changes: changesBetween<AuditedFields>(null, values, AUDITED_FIELDS),
        at: new Date(now),
      });
      await keepReminders(deps, trx, {
        id: inserted,
        startsAt: booking.startsAt,
        isConfirmed: confirmed,
        isCancelled: false,
      });
      return inserted;
    });
  } catch (error) {
    throw bookingConflict(error) ?? error;
  }
  const booked = await getAppointment(deps, id);
  // After the commit: the customer and the consultant are told, each with the invitation.
  await sendAppointmentMails(deps, booked, "booked");
  return booked;
}
