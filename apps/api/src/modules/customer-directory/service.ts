import {
  CUSTOMER_AVAILABILITY_MAX_DAYS,
  type CustomerAvailability,
  type DirectoryQuery,
  customerDirectoryMessages as messages,
  type PublicConsultant,
  type PublicConsultantSummary,
} from "@visadesk/contract/customer-directory";
import { minutesToTime } from "@visadesk/contract/scheduling";
import { DateTime } from "luxon";
import type { AppDeps } from "#api/deps";
import { NotFound, ValidationError } from "#api/lib/errors";
import { datesBetween, WEEKDAY_COLUMNS, weeklyHours } from "#api/lib/schedule";
import type { SignedInCustomer } from "../customer-auth/customer";
import { createSchedulingService, zoneOf } from "../scheduling/service";
import * as repo from "./repository";

const countriesOf = (country: string | null) =>
  (country ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/** The cursor as the client holds it: the last row's sort keys, as base64url JSON. */
const encodeCursor = (keys: repo.Cursor) => Buffer.from(JSON.stringify(keys)).toString("base64url");

function decodeCursor(text: string, length: number): repo.Cursor {
  try {
    const keys: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(keys) &&
      keys.length === length &&
      keys.every(
        (key) =>
          (typeof key === "number" && Number.isFinite(key)) || (typeof key === "string" && key.length <= 300),
      )
    ) {
      return keys as repo.Cursor;
    }
  } catch {
    // Not base64url JSON: refused below.
  }
  throw new ValidationError({ cursor: messages.cursorInvalid });
}

/**
 * What customers see of the consultants: the approved ones, found by words, country, service, fee and
 * rating, paged by a cursor (a page is as quick deep in the list as at its start), each with a public
 * profile and free times in the customer's own zone.
 */
export function createCustomerDirectoryService(deps: AppDeps) {
  const { db, clock, config } = deps;
  const scheduling = createSchedulingService(deps);

  const summaryOf = (
    row: Awaited<ReturnType<typeof repo.listDirectory>>[number]["row"],
  ): PublicConsultantSummary => ({
    guidId: row.guidId,
    name: row.name,
    businessName: row.businessName,
    country: countriesOf(row.country),
    visaOffer: row.visaOffer,
    services: row.services,
    fee: row.fee === null ? null : Number(row.fee),
    currency: config.currency,
    rating: row.rating === null ? null : Number(row.rating),
    experience: row.experience,
    isPremium: Boolean(row.isPremium),
    logoUrl: row.logoUrl,
    profilePic: row.profilePic,
  });

  async function publicConsultant(guidId: string) {
    const consultant = await repo.findPublicConsultant(db.kysely, guidId);
    if (!consultant) throw new NotFound(messages.consultantNotFound);
    return consultant;
  }

  return {
    async list(query: DirectoryQuery) {
      const sortKeys = query.sort === "recommended" ? 4 : 2;
      const cursor = query.cursor ? decodeCursor(query.cursor, sortKeys) : undefined;
      const rows = await repo.listDirectory(db, query, query.sort, cursor, query.limit);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ row }) => summaryOf(row)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.keys) : null,
      };
    },

    async get(guidId: string): Promise<PublicConsultant> {
      const consultant = await publicConsultant(guidId);
      const [timings, addresses] = await Promise.all([
        db.kysely
          .selectFrom("consultantTimings")
          .selectAll()
          .where("consultantId", "=", consultant.id)
          .where("isActive", "=", true)
          .where("isDeleted", "=", false)
          .execute(),
        repo.addressesOf(db.kysely, consultant.id),
      ]);
      const week = weeklyHours(timings);
      return {
        ...summaryOf(consultant),
        aboutInfo: consultant.aboutInfo,
        website: consultant.website,
        satisfiedClients: consultant.satisfiedClients,
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
     * Free times in the customer's zone: the back-office's free slots (hours, time off, bookings, the past)
     * over the consultant's dates that cover the range, each turned into its instant and regrouped by the
     * customer's own dates; nothing past the booking horizon.
     */
    async availability(customer: SignedInCustomer, guidId: string, range: { from: string; to: string }) {
      const dates = datesBetween(range.from, range.to);
      if (dates.length > CUSTOMER_AVAILABILITY_MAX_DAYS) {
        throw new ValidationError({ to: messages.rangeTooLong(CUSTOMER_AVAILABILITY_MAX_DAYS) });
      }
      const consultant = await publicConsultant(guidId);
      const zone = zoneOf(consultant, config.businessTimeZone);
      const start = DateTime.fromISO(range.from, { zone: customer.timeZone });
      const end = DateTime.fromISO(range.to, { zone: customer.timeZone }).plus({ days: 1 });
      const free = await scheduling.availability(consultant.guidId, {
        from: start.setZone(zone).minus({ days: 1 }).toISODate() as string,
        to: end.setZone(zone).plus({ days: 1 }).toISODate() as string,
      });
      const horizon = clock.now().getTime() + config.customer.bookingHorizonDays * 86_400_000;
      const byDate = new Map<string, CustomerAvailability["days"][number]["slots"]>(
        dates.map((date) => [date, []]),
      );
      for (const day of free.days) {
        for (const time of day.slots) {
          const instant = DateTime.fromISO(`${day.date}T${time}`, { zone });
          if (instant.toMillis() > horizon) continue;
          const local = instant.setZone(customer.timeZone);
          byDate.get(local.toISODate() as string)?.push({
            time: local.toFormat("HH:mm"),
            startsAt: instant.toUTC().toISO() as string,
          });
        }
      }
      return {
        timeZone: customer.timeZone,
        consultantTimeZone: zone,
        slotMinutes: free.slotMinutes,
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
