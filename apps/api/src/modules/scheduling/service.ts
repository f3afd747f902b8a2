import { appointmentMessages } from "@visadesk/contract/appointments-constants";
import {
  AVAILABILITY_MAX_DAYS,
  type Availability,
  type AvailabilityQuery,
  schedulingMessages as messages,
  minutesToTime,
  type TimeOff,
  type TimeOffBody,
  type TimeOffList,
} from "@visadesk/contract/scheduling";
import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import type { Database, Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { AppError, Conflict, NotFound, ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import {
  datesBetween,
  insideHours,
  isoUtc,
  minutesOf,
  wallClockStart,
  weekdayIndex,
  weeklyHours,
} from "#api/lib/schedule";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { noShowCount as countNoShows, overlappingAppointments } from "../appointments/queries";
import { recordChange } from "../audit/service";
import { activeTimingsOf, findConsultantZone } from "../consultants/queries";
import * as repo from "./repository";

type Consultant = NonNullable<Awaited<ReturnType<typeof findConsultantZone>>>;

/** 422: the time is outside the consultant's hours or on their time off (staff may book anyway). */
export class Unavailable extends AppError {
  constructor() {
    super(422, messages.unavailable, { appointmentTime: messages.unavailable });
  }
}

/** The consultant's zone: its own, else the business zone. */
export const zoneOf = (consultant: { timeZone: string | null }, businessTimeZone: string) =>
  consultant.timeZone ?? businessTimeZone;

const onTimeOff = (timeOff: repo.TimeOffRecord[], date: string) =>
  timeOff.some((away) => away.fromDate <= date && date <= away.toDate);

function toTimeOff(row: repo.TimeOffRecord, consultantGuid: string): TimeOff {
  return {
    id: row.id,
    guidId: row.guidId,
    consultantId: consultantGuid,
    from: row.fromDate,
    to: row.toDate,
    reason: row.reason,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  };
}

export interface BookingRequest {
  consultant: { id: number; timeZone: string | null };
  appointmentDate: string;
  appointmentTime: string;
  /** The appointment being moved (it does not collide with itself). */
  exceptId?: number | undefined;
  /** Staff chose "Book anyway": hours and time off are not checked (overlap still is). */
  allowOutsideHours: boolean;
  /** Whether the hours are checked at all (an edit that keeps the time and consultant does not). */
  checkHours: boolean;
  /** Whether the slot must be free (a cancelled appointment holds none). */
  checkOverlap: boolean;
}

/**
 * The booking rules shared by create, update and reschedule, run inside the write's transaction: the
 * instant the wall-clock time starts in the consultant's zone (a skipped time is refused), inside the hours
 * and not on time off (422 unless allowed), and no overlap with another appointment that is not cancelled
 * (409; PostgreSQL's exclusion constraint holds the same rule under concurrency).
 */
export async function checkBooking(
  db: Executor,
  request: BookingRequest,
  settings: { businessTimeZone: string; slotMinutes: number },
) {
  const zone = zoneOf(request.consultant, settings.businessTimeZone);
  const minutes = minutesOf(request.appointmentTime);
  const start = wallClockStart(request.appointmentDate, minutes, zone);
  if (!start) throw new ValidationError({ appointmentTime: messages.timeSkipped });
  const end = start.plus({ minutes: settings.slotMinutes });
  const window = { startsAt: isoUtc(start), endsAt: isoUtc(end) };

  let outsideHours = false;
  if (request.checkHours) {
    const [timings, timeOff] = await Promise.all([
      activeTimingsOf(db, request.consultant.id),
      repo.timeOffOf(db, request.consultant.id, {
        from: request.appointmentDate,
        to: request.appointmentDate,
      }),
    ]);
    const ranges = weeklyHours(timings)[weekdayIndex(request.appointmentDate)] ?? [];
    // Wall-clock minutes: a slot is inside its hours by the clock on the wall, also on a day the clocks change.
    outsideHours =
      !insideHours(ranges, minutes, settings.slotMinutes) || onTimeOff(timeOff, request.appointmentDate);
    if (outsideHours && !request.allowOutsideHours) throw new Unavailable();
  }
  if (request.checkOverlap) {
    const taken = await overlappingAppointments(
      db,
      request.consultant.id,
      window.startsAt,
      window.endsAt,
      request.exceptId,
    );
    if (taken.length > 0) throw slotTaken();
  }
  return { ...window, outsideHours };
}

/**
 * What the calendar shades for a consultant over a range of dates: the weekly hours (weekday 0 = Sunday,
 * as the browser counts) and the time off touching the range.
 */
export async function calendarShading(
  db: Executor,
  consultantId: number,
  range: { from: string; to: string },
) {
  const [timings, timeOff] = await Promise.all([
    activeTimingsOf(db, consultantId),
    repo.timeOffOf(db, consultantId, range),
  ]);
  // weeklyHours starts on Monday; the browser's week on Sunday.
  const hours = weeklyHours(timings).flatMap((ranges, monday0) =>
    ranges.map((range) => ({
      weekday: (monday0 + 1) % 7,
      start: minutesToTime(range.start),
      end: minutesToTime(range.end),
    })),
  );
  return {
    hours,
    timeOff: timeOff.map((away) => ({ from: away.fromDate, to: away.toDate, reason: away.reason })),
  };
}

/** The spec-era double-booking text, for any overlap whatever the start minutes. */
const slotTaken = () => new Conflict(appointmentMessages.slotTaken, "appointmentTime");

/** How many appointments of a consultant or an app user (row ids) were marked a no-show. */
export const noShowCount = (db: Kysely<Database>, by: { consultantId: number } | { userId: number }) =>
  countNoShows(db, by);

/** A time off as one line of the consultant's history. */
const timeOffLine = (row: { fromDate: string; toDate: string; reason: string | null }) =>
  `${row.fromDate} to ${row.toDate}${row.reason ? ` (${row.reason})` : ""}`;

export function createSchedulingService(deps: AppDeps) {
  const { db, clock, config } = deps;

  /** Time off is a change of the consultant's hours: recorded in the consultant's history, in its transaction. */
  const recordTimeOff = (
    trx: Executor,
    consultant: Consultant,
    change: { from: string | null; to: string | null },
  ) =>
    recordChange(trx, {
      action: "update",
      entity: "consultant",
      entityId: consultant.guidId,
      changes: { timeOff: change },
      at: clock.now(),
    });
  const settings = { businessTimeZone: config.businessTimeZone, slotMinutes: config.appointmentSlotMinutes };

  async function consultantOrThrow(reference: string): Promise<Consultant> {
    const consultant = await findConsultantZone(db.kysely, reference);
    if (!consultant || consultant.deletedAt) throw new NotFound(messages.consultantNotFound);
    return consultant;
  }

  return {
    settings,

    async listTimeOff(reference: string): Promise<TimeOffList> {
      const consultant = await consultantOrThrow(reference);
      const rows = await repo.timeOffOf(db.kysely, consultant.id);
      return { data: rows.map((row) => toTimeOff(row, consultant.guidId)), total: rows.length };
    },

    async addTimeOff(
      reference: string,
      body: TimeOffBody,
      actor: Pick<AuthUser, "userName">,
    ): Promise<TimeOff> {
      const consultant = await consultantOrThrow(reference);
      const row = await db.kysely.transaction().execute(async (trx) => {
        const inserted = await repo.insertTimeOff(trx, {
          guidId: newGuid(),
          consultantId: consultant.id,
          fromDate: body.from,
          toDate: body.to,
          reason: body.reason,
          createdAt: clock.now().toISOString(),
          createdBy: actor.userName,
        });
        await recordTimeOff(trx, consultant, { from: null, to: timeOffLine(inserted) });
        return inserted;
      });
      return toTimeOff(row, consultant.guidId);
    },

    async removeTimeOff(reference: string, timeOffId: string) {
      const consultant = await consultantOrThrow(reference);
      const removed = await db.kysely.transaction().execute(async (trx) => {
        const row = await repo.deleteTimeOff(trx, consultant.id, timeOffId);
        if (!row) return false;
        await recordTimeOff(trx, consultant, { from: timeOffLine(row), to: null });
        return true;
      });
      if (!removed) throw new NotFound(messages.timeOffNotFound);
      return { message: messages.timeOffDeleted };
    },

    /** Free slot starts per day: inside the hours, not on time off, not taken, not past. */
    async availability(reference: string, query: AvailabilityQuery): Promise<Availability> {
      const consultant = await consultantOrThrow(reference);
      const dates = datesBetween(query.from, query.to);
      if (dates.length > AVAILABILITY_MAX_DAYS) {
        throw new ValidationError({ to: messages.rangeTooLong(AVAILABILITY_MAX_DAYS) });
      }
      const zone = zoneOf(consultant, settings.businessTimeZone);
      const slot = settings.slotMinutes;
      const first = DateTime.fromISO(query.from, { zone }).minus({ days: 1 });
      const last = DateTime.fromISO(query.to, { zone }).plus({ days: 2 });
      const [timings, timeOff, booked] = await Promise.all([
        activeTimingsOf(db.kysely, consultant.id),
        repo.timeOffOf(db.kysely, consultant.id, query),
        overlappingAppointments(db.kysely, consultant.id, isoUtc(first), isoUtc(last)),
      ]);
      const hours = weeklyHours(timings);
      const busy = booked.map((appointment) => ({
        start: Date.parse(appointment.startsAt),
        end: Date.parse(appointment.endsAt),
      }));
      const now = clock.now().getTime();
      const days = dates.map((date) => {
        const slots: string[] = [];
        if (!onTimeOff(timeOff, date)) {
          for (const range of hours[weekdayIndex(date)] ?? []) {
            for (let minute = range.start; minute + slot <= range.end; minute += slot) {
              const start = wallClockStart(date, minute, zone);
              if (!start) continue;
              const from = start.toMillis();
              const to = from + slot * 60_000;
              if (from <= now) continue;
              if (busy.some((taken) => taken.start < to && taken.end > from)) continue;
              const label = minutesToTime(minute);
              if (!slots.includes(label)) slots.push(label);
            }
          }
        }
        return { date, slots };
      });
      return { timeZone: zone, slotMinutes: slot, defaultHours: timings.length === 0, days };
    },
  };
}
export type SchedulingService = ReturnType<typeof createSchedulingService>;
