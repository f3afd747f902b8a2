import { appointmentStatus } from "@visadesk/contract/appointments-constants";
import {
  CUSTOMER_BOOKINGS_LISTED,
  type CustomerBooking,
  type CustomerBookingBody,
  customerBookingMessages as messages,
} from "@visadesk/contract/customer-bookings";
import { DateTime } from "luxon";
import type { AppDeps } from "#api/deps";
import { Conflict, Forbidden, NotFound, ValidationError } from "#api/lib/errors";
import { idempotent } from "#api/plugins/idempotency";
import * as bookings from "../appointments/customer-view";
import type { AppointmentService } from "../appointments/service";
import { findBookableConsultant } from "../consultants/queries";
import type { SignedInCustomer } from "../customer-auth/customer";
import { zoneOf } from "../scheduling/service";
import { lockAccount } from "../users/account-records";

/** The most appointments one answer lists. */
const LIST_LIMIT = CUSTOMER_BOOKINGS_LISTED;

/**
 * A customer's bookings. Booking, cancelling and moving go through the back-office's appointment service,
 * so its guards hold here too (the hours, the overlap that loses a race with 409, versions, the history,
 * the reminders, the cancellation mails); on top of them come the customer's own rules: a proven email (and
 * CNIC when asked), a start on the slot grid, within the booking horizon, a cap on upcoming appointments,
 * and no change within CUSTOMER_CANCEL_HOURS of the start. Customers never "book anyway" outside hours.
 */
export function createCustomerBookingService(deps: AppDeps, appointments: AppointmentService) {
  const { db, clock, config } = deps;
  const rules = config.customer;
  const slotMinutes = config.appointmentSlotMinutes;
  const actorOf = (customer: SignedInCustomer) => ({ id: customer.id, userName: customer.userName });

  function view(row: bookings.BookingRow, customer: SignedInCustomer): CustomerBooking {
    const start = DateTime.fromISO(row.startsAt, { zone: "UTC" }).setZone(customer.timeZone);
    const until = new Date(Date.parse(row.startsAt) - rules.cancelHours * 3_600_000);
    const now = clock.now();
    // Locked: still ahead, not cancelled, but too close to change online; the office's phone is the way.
    const locked = !row.isCancelled && now >= until && now.getTime() < Date.parse(row.startsAt);
    return {
      guidId: row.guidId,
      consultant: {
        guidId: row.consultantGuidId,
        name: row.consultantName,
        removed: row.consultantDeletedAt !== null,
        officePhone: locked ? row.consultantOfficeNumber || row.consultantPhoneNumber || null : null,
      },
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      timeZone: customer.timeZone,
      date: start.toISODate() as string,
      time: start.toFormat("HH:mm"),
      status: appointmentStatus(row),
      description: row.description,
      cancellationReason: row.cancellationReason,
      changeableUntil: until.toISOString(),
      canChange: !row.isCancelled && now < until,
    };
  }

  async function own(customer: SignedInCustomer, guidId: string) {
    const row = await bookings.findBooking(db.kysely, customer.id, guidId);
    if (!row) throw new NotFound(messages.notFound);
    return row;
  }

  /** The start as the consultant's calendar date and wall-clock time, once it passes the customer's rules. */
  function consultantLocal(startsAt: string, zone: string) {
    const start = DateTime.fromISO(startsAt, { setZone: true });
    const now = clock.now().getTime();
    if (start.toMillis() <= now) throw new ValidationError({ startsAt: messages.inThePast });
    if (start.toMillis() > now + rules.bookingHorizonDays * 86_400_000) {
      throw new ValidationError({ startsAt: messages.beyondHorizon(rules.bookingHorizonDays) });
    }
    const local = start.setZone(zone);
    if (
      local.second !== 0 ||
      local.millisecond !== 0 ||
      (local.hour * 60 + local.minute) % slotMinutes !== 0
    ) {
      throw new ValidationError({ startsAt: messages.offGrid });
    }
    return { appointmentDate: local.toISODate() as string, appointmentTime: local.toFormat("HH:mm") };
  }

  /** Cancelled, started, or too close to its start for the customer to change it. */
  function assertChangeable(row: bookings.BookingRow) {
    if (row.isCancelled) throw new Conflict(messages.alreadyCancelled);
    const start = Date.parse(row.startsAt);
    const now = clock.now().getTime();
    if (start <= now) throw new Conflict(messages.alreadyStarted);
    if (start - rules.cancelHours * 3_600_000 <= now)
      throw new Conflict(messages.tooLateToChange(rules.cancelHours));
  }

  /** The back-office edit of an existing appointment, with what the customer changes. */
  async function edit(
    customer: SignedInCustomer,
    row: bookings.BookingRow,
    change: {
      appointmentDate?: string;
      appointmentTime?: string;
      isCancelled?: boolean;
      cancellationReason?: string | null;
    },
  ) {
    const existing = await appointments.get(row.guidId);
    await appointments.update(
      {
        id: existing.id,
        consultantId: existing.consultantId,
        appointmentDate: change.appointmentDate ?? existing.appointmentDate,
        appointmentTime: change.appointmentTime ?? existing.appointmentTime,
        description: existing.description,
        supportContact: existing.supportContact,
        ...(change.isCancelled
          ? { isCancelled: true, cancellationReason: change.cancellationReason ?? null }
          : {}),
      },
      actorOf(customer),
      existing.version,
    );
    return view(await own(customer, row.guidId), customer);
  }

  const service = {
    async book(customer: SignedInCustomer, body: CustomerBookingBody): Promise<CustomerBooking> {
      if (!customer.emailVerified) throw new Forbidden(messages.emailNotVerified);
      if (rules.requireCnicForBooking && !customer.cnicVerified)
        throw new Forbidden(messages.cnicNotVerified);
      const consultant = await findBookableConsultant(db.kysely, body.consultantId);
      if (!consultant) throw new NotFound(messages.consultantNotFound);
      const when = consultantLocal(body.startsAt, zoneOf(consultant, config.businessTimeZone));
      const created = await appointments.create(
        { consultantId: consultant.guidId, ...when, description: body.description },
        actorOf(customer),
        {
          // In the booking's transaction: two bookings at once cannot both pass the cap.
          async guard(trx) {
            // Holds the customer's row until the transaction ends (PostgreSQL), so their bookings pass the
            // count one after the other; SQLite's one writer already runs them so.
            if (db.dialect === "postgres") await lockAccount(trx, customer.id);
            const upcoming = await bookings.countUpcoming(trx, customer.id, clock.now().toISOString());
            if (upcoming >= rules.maxUpcomingPerCustomer) {
              throw new Conflict(messages.tooManyUpcoming(rules.maxUpcomingPerCustomer));
            }
          },
        },
      );
      return view(await own(customer, created.guidId), customer);
    },

    async list(customer: SignedInCustomer, when: "upcoming" | "past") {
      const now = clock.now().toISOString();
      const [rows, total] = await Promise.all([
        bookings.listBookings(db.kysely, customer.id, when, now, LIST_LIMIT),
        bookings.countBookings(db.kysely, customer.id, when, now),
      ]);
      return { data: rows.map((row) => view(row, customer)), total };
    },

    get: async (customer: SignedInCustomer, guidId: string) => view(await own(customer, guidId), customer),

    async cancel(customer: SignedInCustomer, guidId: string, reason: string | undefined) {
      const row = await own(customer, guidId);
      assertChangeable(row);
      return edit(customer, row, { isCancelled: true, cancellationReason: reason?.trim() || null });
    },

    async reschedule(customer: SignedInCustomer, guidId: string, startsAt: string) {
      const row = await own(customer, guidId);
      assertChangeable(row);
      const consultant = await findBookableConsultant(db.kysely, row.consultantGuidId);
      if (!consultant) throw new NotFound(messages.consultantNotFound);
      return edit(customer, row, consultantLocal(startsAt, zoneOf(consultant, config.businessTimeZone)));
    },
  };
  return {
    /** Bookings, moves and cancellations an account may make in an hour (CUSTOMER_BOOKING_WRITES_PER_HOUR). */
    writesPerHour: rules.bookingWritesPerHour,
    ...service,
    /** book, at most once per Idempotency-Key of the customer (plugins/idempotency.ts). */
    bookOnce: (customer: SignedInCustomer, body: CustomerBookingBody, key: string | undefined) =>
      idempotent(
        deps,
        { accountId: customer.id, operation: "customer-booking", key, body, successStatus: 201 },
        { reused: messages.idempotencyKeyReused, inFlight: messages.idempotencyKeyInFlight },
        () => service.book(customer, body),
      ),
  };
}
export type CustomerBookingService = ReturnType<typeof createCustomerBookingService>;
