import {
  PUBLIC_PROFILE_FIELDS,
  PUBLIC_SUMMARY_FIELDS,
} from "@visadesk/contract/consultant-field-maps-constants";
import {
  CUSTOMER_AVAILABILITY_MAX_DAYS,
  type CustomerAvailability,
  type DirectoryFilters,
  type DirectoryQuery,
  type DirectorySort,
  customerDirectoryMessages as messages,
  type PublicConsultant,
  type PublicConsultantSummary,
} from "@visadesk/contract/customer-directory";
import { minutesToTime } from "@visadesk/contract/scheduling";
import { DateTime } from "luxon";
import { z } from "zod";
import type { AppDeps } from "#api/deps";
import { NotFound, ValidationError } from "#api/lib/errors";
import {
  datesBetween,
  isoUtc,
  minutesOf,
  WEEKDAY_COLUMNS,
  wallClockStart,
  weeklyHours,
} from "#api/lib/schedule";
import { directoryChoices, directoryTotal } from "../consultants/directory-choices";
import * as directory from "../consultants/directory-queries";
import { publicValues } from "../consultants/public-fields";
import { createSchedulingService, zoneOf } from "../scheduling/service";

/** The cursor as the client holds it: its order and the last row's key values, as base64url JSON. */
const encodeCursor = (sort: DirectorySort, keys: directory.Cursor) =>
  Buffer.from(JSON.stringify({ sort, after: keys })).toString("base64url");

/**
 * What customers see of the consultants: the approved ones, found by words, country, service, fee and
 * rating, paged by a cursor (a page is as quick deep in the list as at its start), each with a public
 * profile and free times in the customer's own zone.
 */
export function createCustomerDirectoryService(deps: AppDeps) {
  const { db, clock, config } = deps;
  const scheduling = createSchedulingService(deps);

  /** A cursor this order gave out, its values of the right kinds; anything else is refused (400). */
  function decodeCursor(text: string, sort: DirectorySort): directory.Cursor {
    const shape = z.strictObject({ sort: z.literal(sort), after: directory.cursorSchema(db, sort) });
    try {
      const parsed = shape.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
      if (parsed.success) return parsed.data.after;
    } catch {
      // Not base64url JSON: refused below.
    }
    throw new ValidationError({ cursor: messages.cursorInvalid });
  }

  const summaryOf = (row: directory.DirectoryRow): PublicConsultantSummary => ({
    guidId: row.guidId,
    ...publicValues(row, PUBLIC_SUMMARY_FIELDS),
    currency: config.currency,
    logoUrl: row.logoUrl,
    profilePic: row.profilePic,
  });

  async function publicConsultant(guidId: string) {
    const consultant = await directory.findPublicConsultant(db.kysely, guidId);
    if (!consultant) throw new NotFound(messages.consultantNotFound);
    return consultant;
  }

  return {
    /** Requests per minute and address its routes allow (DIRECTORY_RATE_LIMIT). */
    requestsPerMinute: config.directoryRateLimit,

    async list(query: DirectoryQuery) {
      const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
      const [rows, total] = await Promise.all([
        directory.listDirectory(db, query, query.sort, cursor, query.limit),
        // The first page says about how many match; the pages after it read only their own rows.
        cursor ? undefined : directoryTotal(db, query),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(({ row }) => summaryOf(row)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, last.keys) : null,
        ...total,
      };
    },

    /** The filters' choices from the listed consultants' data, each value found by its index. */
    filters: (): Promise<DirectoryFilters> => directoryChoices(db),

    /**
     * A listed consultant's summary, or undefined: what a shared link to their profile may show. One read
     * by the unique guidId, nothing but public fields.
     */
    async summary(guidId: string): Promise<PublicConsultantSummary | undefined> {
      const consultant = await directory.findPublicConsultant(db.kysely, guidId);
      return consultant && summaryOf(consultant);
    },

    async get(guidId: string): Promise<PublicConsultant> {
      const consultant = await publicConsultant(guidId);
      const [timings, addresses] = await Promise.all([
        directory.timingsOf(db.kysely, consultant.id),
        directory.addressesOf(db.kysely, consultant.id),
      ]);
      const week = weeklyHours(timings);
      return {
        ...summaryOf(consultant),
        ...publicValues(consultant, PUBLIC_PROFILE_FIELDS),
        timeZone: zoneOf(consultant, config.businessTimeZone),
        defaultHours: timings.length === 0,
        weeklyHours: WEEKDAY_COLUMNS.map((day, index) => ({
          day,
          ranges: (week[index] ?? []).map((range) => ({
            start: minutesToTime(range.start),
            end: minutesToTime(range.end),
          })),
        })),
        addresses,
      };
    },

    /**
     * Free times in the zone asked for (else the business's): the back-office's free slots (hours, time off, bookings, the past)
     * over the consultant's dates that cover the range, each turned into its instant and regrouped by the
     * customer's own dates; nothing past the booking horizon.
     */
    async availability(
      guidId: string,
      range: { from: string; to: string; timeZone?: string | undefined },
    ): Promise<CustomerAvailability> {
      const customer = { timeZone: range.timeZone ?? config.businessTimeZone };
      const dates = datesBetween(range.from, range.to);
      if (dates.length > CUSTOMER_AVAILABILITY_MAX_DAYS) {
        throw new ValidationError({ to: messages.rangeTooLong(CUSTOMER_AVAILABILITY_MAX_DAYS) });
      }
      const consultant = await publicConsultant(guidId);
      const zone = zoneOf(consultant, config.businessTimeZone);
      const now = clock.now().getTime();
      const horizon = now + config.customer.bookingHorizonDays * 86_400_000;
      // A slot starting before this instant could not be moved or cancelled online once booked.
      const lockedBefore = now + config.customer.cancelHours * 3_600_000;
      // The consultant's dates that hold the customer's range (a day wider each side), none past the horizon.
      const first = DateTime.fromISO(range.from, { zone: customer.timeZone })
        .setZone(zone)
        .minus({ days: 1 });
      const last = DateTime.fromISO(range.to, { zone: customer.timeZone }).setZone(zone).plus({ days: 2 });
      const until = DateTime.max(first, DateTime.min(last, DateTime.fromMillis(horizon, { zone })));
      const free = await scheduling.availability(consultant.guidId, {
        from: first.toISODate() as string,
        to: until.toISODate() as string,
      });
      const byDate = new Map<string, CustomerAvailability["days"][number]["slots"]>(
        dates.map((date) => [date, []]),
      );
      for (const day of free.days) {
        for (const time of day.slots) {
          // The instant the back-office gives the slot (a time the clocks show twice is its first), so the
          // booking that names this startsAt lands on the same slot.
          const instant = wallClockStart(day.date, minutesOf(time), zone);
          if (!instant || instant.toMillis() > horizon) continue;
          const local = instant.setZone(customer.timeZone);
          byDate.get(local.toISODate() as string)?.push({
            time: local.toFormat("HH:mm"),
            startsAt: isoUtc(instant),
            changeLocked: instant.toMillis() <= lockedBefore,
          });
        }
      }
      return {
        timeZone: customer.timeZone,
        consultantTimeZone: zone,
        slotMinutes: free.slotMinutes,
        changeLockedHours: config.customer.cancelHours,
        defaultHours: free.defaultHours,
        days: [...byDate].map(([date, slots]) => ({
          date,
          slots: slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
        })),
      };
    },
  };
}
export type CustomerDirectoryService = ReturnType<typeof createCustomerDirectoryService>;
