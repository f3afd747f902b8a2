import type { Calendar, CalendarQuery } from "@visadesk/contract/calendar";
import { calendarMessages } from "@visadesk/contract/calendar";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { findAppointmentConsultant } from "../consultants/queries";
import { calendarShading, zoneOf } from "../scheduling/service";
import { toAnswers } from "./appointment-answer";
import * as repo from "./repository";

/**
 * The calendar of a few consultants over a range: their appointments (cancelled ones too, shown as
 * such), weekly hours and time off, in one answer so the calendar paints after a single request.
 * Deleted consultants are shown with the appointments they kept; an unknown one is a 404.
 */
export async function consultantsCalendar(
  deps: Pick<AppDeps, "db" | "config">,
  query: CalendarQuery,
): Promise<Calendar> {
  const { db, config } = deps;
  const found = await Promise.all(query.consultantIds.map((id) => findAppointmentConsultant(db.kysely, id)));
  const consultants = found.filter((consultant) => consultant !== undefined);
  if (consultants.length !== found.length) throw new NotFound(calendarMessages.consultantNotFound);
  const range = { from: query.from, to: query.to };
  const [records, shading] = await Promise.all([
    repo.calendarAppointments(
      db.kysely,
      consultants.map((consultant) => consultant.id),
      query.from,
      query.to,
    ),
    Promise.all(consultants.map((consultant) => calendarShading(db.kysely, consultant.id, range))),
  ]);
  return {
    ...range,
    slotMinutes: config.appointmentSlotMinutes,
    consultants: consultants.map((consultant, n) => ({
      consultantId: consultant.guidId,
      name: consultant.name,
      timeZone: zoneOf(consultant, config.businessTimeZone),
      hours: shading[n]?.hours ?? [],
      timeOff: shading[n]?.timeOff ?? [],
    })),
    appointments: await toAnswers(deps, records),
  };
}
