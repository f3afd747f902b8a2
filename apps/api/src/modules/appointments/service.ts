import type {
  Appointment,
  AppointmentListQuery,
  AppointmentPage,
  CreateAppointmentBody,
  UpdateAppointmentBody,
} from "@visadesk/contract/appointments";
import {
  appointmentStatus,
  appointmentMessages as messages,
  REMINDER_COOLDOWN_MINUTES,
  withSeconds,
} from "@visadesk/contract/appointments-constants";
import type { Calendar, CalendarQuery } from "@visadesk/contract/calendar";
import { calendarMessages } from "@visadesk/contract/calendar";
import type { AppointmentBulkBody, BulkResult } from "@visadesk/contract/lists";
import { type Attendance, type AttendanceBody, attendanceRefusal } from "@visadesk/contract/scheduling";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { booleanCell, textCell, timestampCell } from "#api/db/csv-copy";
import { brokenUniqueIndex } from "#api/db/errors";
import type { Executor } from "#api/db/schema";
import { appointmentStatusKey } from "#api/db/sorting";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound, TooManyRequests, ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import {
  alreadyAsAsked,
  type CsvColumn,
  csvRows,
  EXPORT_PAGE,
  eachRow,
  mapPages,
  type PageReader,
  pageWindow,
} from "#api/lib/lists";
import { todayIn } from "#api/lib/schedule";
import { StaleVersion } from "#api/lib/versions";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { changesBetween, recordChange, recordExport } from "../audit/service";
import { mailReaderOfAccount } from "../auth/service";
import { calendarShading, checkBooking, zoneOf } from "../scheduling/service";
import {
  headerTerm,
  peopleOf,
  SEARCH_WINDOW,
  type SharedPasses,
  sharedPasses,
  windowTotal,
} from "../search/window";
import { cancelledAppointmentMails, changedAppointmentMail } from "./cancellation-mails";
import { reminderMail } from "./customer-mails";
import { createReminderWorker, remindersOf, syncReminders } from "./reminders";
import * as repo from "./repository";

/** The back-office user acting; their user name is what confirmedBy/cancelledBy/createdBy record. */
type Actor = Pick<AuthUser, "id" | "userName">;

function toAppointment(
  record: repo.AppointmentRecord,
  businessTimeZone: string,
  reminders: Appointment["reminders"],
): Appointment {
  const {
    userGuidId,
    consultantGuidId,
    consultantTimeZone,
    consultantDeletedAt,
    customerDeletedAt,
    customerFirstName,
    customerLastName,
    ...rest
  } = record;
  return {
    ...rest,
    customerName: [customerFirstName, customerLastName].filter(Boolean).join(" ") || null,
    userid: userGuidId,
    userId: userGuidId,
    consultantId: consultantGuidId,
    consultantDeleted: consultantDeletedAt !== null,
    customerDeleted: customerDeletedAt !== null,
    status: appointmentStatus(record),
    timeZone: consultantTimeZone ?? businessTimeZone,
    attendance: record.attendance as Attendance | null,
    reminders,
  };
}

/**
 * What the export writes of an appointment, picked field by field: a copy of the whole record with a
 * spread (as toAppointment makes) per row made the export's memory grow with the rows (see consultants'
 * exportPages).
 */
function exportedAppointment(record: repo.AppointmentRecord, businessTimeZone: string) {
  return {
    guidId: record.guidId,
    appointmentDate: record.appointmentDate,
    appointmentTime: record.appointmentTime,
    timeZone: record.consultantTimeZone ?? businessTimeZone,
    userEmail: record.userEmail,
    consultantName: record.consultantName,
    consultantEmail: record.consultantEmail,
    description: record.description,
    supportContact: record.supportContact,
    status: appointmentStatus(record),
    isPaid: record.isPaid,
    attendance: record.attendance,
    createdAt: record.createdAt,
  };
}
export type ExportedAppointment = ReturnType<typeof exportedAppointment>;

/**
 * The export's columns: what the list shows, and what a spreadsheet of bookings needs beside it. The time
 * zone is the consultant's, or the business's for a consultant without one.
 */
const appointmentCsv = (businessTimeZone: string): CsvColumn<ExportedAppointment>[] => [
  { header: "Id", value: (a) => a.guidId, cell: textCell("appointments.guidId") },
  { header: "Date", value: (a) => a.appointmentDate, cell: textCell("appointments.appointmentDate") },
  { header: "Time", value: (a) => a.appointmentTime, cell: textCell("appointments.appointmentTime") },
  {
    header: "Time Zone",
    value: (a) => a.timeZone,
    cell: textCell(sql`coalesce(${sql.ref("consultants.timeZone")}, ${businessTimeZone})`),
  },
  { header: "User", value: (a) => a.userEmail, cell: textCell("users.email") },
  { header: "Consultant", value: (a) => a.consultantName, cell: textCell("consultants.name") },
  { header: "Consultant Email", value: (a) => a.consultantEmail, cell: textCell("consultants.contactEmail") },
  { header: "Description", value: (a) => a.description, cell: textCell("appointments.description") },
  {
    header: "Support Contact",
    value: (a) => a.supportContact,
    cell: textCell("appointments.supportContact"),
  },
  { header: "Status", value: (a) => a.status, cell: textCell(appointmentStatusKey) },
  { header: "Paid", value: (a) => a.isPaid, cell: booleanCell("appointments.isPaid") },
  { header: "Attendance", value: (a) => a.attendance, cell: textCell("appointments.attendance") },
  { header: "Created At", value: (a) => a.createdAt, cell: timestampCell("appointments.createdAt") },
];

/** The appointment's fields its history records. */
const AUDITED_FIELDS = [
  "userEmail",
  "consultantName",
  "appointmentDate",
  "appointmentTime",
  "description",
  "supportContact",
  "isOutsideHours",
  "isBookedByCustomer",
  "isConfirmed",
  "isCancelled",
  "cancellationReason",
  "isPaid",
  "attendance",
] as const;
type AuditedFields = Partial<Record<(typeof AUDITED_FIELDS)[number], unknown>>;

/** The action an edit is recorded as: a cancel or a confirmation by name, anything else an update. */
function editAction(before: AuditedFields, after: AuditedFields) {
  if (after.isCancelled && !before.isCancelled) return "cancel" as const;
  if (after.isConfirmed && !before.isConfirmed) return "confirm" as const;
  return "update" as const;
}

/** The double-booking index (or a reused guidId) broken by a write, as the 409 a caller can act on. */
function bookingConflict(error: unknown): Conflict | null {
  // PostgreSQL's exclusion constraint: an overlapping booking committed first (migration 010).
  if ((error as { code?: string } | null)?.code === "23P01") {
    return new Conflict(messages.slotTaken, "appointmentTime");
  }
  const index = brokenUniqueIndex(error);
  if (index === null) return null;
  if (index.includes("guid")) return new Conflict(messages.duplicateGuid, "guidId");
  return new Conflict(messages.slotTaken, "appointmentTime");
}

type BookedUser = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type BookedConsultant = NonNullable<Awaited<ReturnType<typeof repo.findConsultant>>>;

/** What a booking and its edit both write from the body: who, with whom, when and why. */
function bookedFields(
  body: CreateAppointmentBody | UpdateAppointmentBody,
  user: BookedUser,
  consultant: BookedConsultant,
) {
  return {
    userId: user.id,
    userEmail: user.email,
    consultantId: consultant.id,
    consultantName: consultant.name,
    consultantEmail: consultant.contactEmail,
    appointmentDate: body.appointmentDate,
    appointmentTime: withSeconds(body.appointmentTime),
    description: body.description,
    supportContact: body.supportContact || null,
  };
}

export function createAppointmentService(deps: AppDeps) {
  const { db, clock, config } = deps;
  const settings = { businessTimeZone: config.businessTimeZone, slotMinutes: config.appointmentSlotMinutes };
  /** Today in the consultant's zone (appointment dates are the consultant's calendar dates). */
  const today = (consultant: { timeZone: string | null } | undefined) =>
    todayIn(clock.now(), consultant ? zoneOf(consultant, config.businessTimeZone) : config.businessTimeZone);
  /** The answers of the records, with their reminders (one query for the lot). */
  async function toAnswers(records: repo.AppointmentRecord[]): Promise<Appointment[]> {
    const reminders = await remindersOf(
      db.kysely,
      records.map((record) => record.id),
    );
    return records.map((record) =>
      toAppointment(record, config.businessTimeZone, reminders.get(record.id) ?? []),
    );
  }

  async function find(reference: string | number): Promise<Appointment | undefined> {
    const record = await repo.findAppointment(db.kysely, reference);
    return record ? (await toAnswers([record]))[0] : undefined;
  }

  /** The list's filters by row ids; undefined when the consultant or customer named does not exist. */
  async function filtersOf(query: AppointmentListQuery): Promise<repo.AppointmentFilters | undefined> {
    const filters: repo.AppointmentFilters = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      ...(query.attendance ? { attendance: query.attendance } : {}),
      ...(query.paid !== undefined ? { paid: query.paid } : {}),
    };
    if (query.consultantId) {
      const consultant = await repo.findConsultant(db.kysely, query.consultantId);
      if (!consultant) return undefined;
      filters.consultantId = consultant.id;
    }
    if (query.userId) {
      const customer = await repo.findCustomer(db.kysely, query.userId);
      if (!customer) return undefined;
      filters.userId = customer.id;
    }
    return filters;
  }

  /** Who reads the appointment's customer mails: its customer's language and zone. */
  const readerOf = (appointment: Appointment) => mailReaderOfAccount(db.kysely, appointment.userId);

  async function getOrThrow(reference: string | number): Promise<Appointment> {
    const appointment = await find(reference);
    if (!appointment) throw new NotFound(messages.notFound);
    return appointment;
  }

  /** The automatic reminders follow the appointment, in the transaction that changed it. */
  const keepReminders = (
    trx: typeof db.kysely,
    appointment: { id: number; startsAt: string; isConfirmed: boolean; isCancelled: boolean },
  ) => syncReminders(trx, appointment, config.reminderHoursBefore, clock.now());

  /** The appointment's user: the signed-in user by default, else an app user (a customer) or the actor. */
  async function resolveUser(reference: string | number | null | undefined, actor: Actor, keepId?: number) {
    if (reference === null || reference === undefined || reference === "") {
      return keepId === undefined
        ? repo.findUser(db.kysely, actor.id)
        : repo.findUser(db.kysely, keepId, keepId);
    }
    const user = await repo.findUser(db.kysely, reference, keepId);
    if (!user) return undefined;
    const allowed = user.role === "AppUser" || user.id === actor.id || user.id === keepId;
    return allowed ? user : undefined;
  }

  return {
    async list(query: AppointmentListQuery): Promise<Appointment[] | AppointmentPage> {
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const filters = await filtersOf(query);
      // A consultant or customer that does not exist has no appointments.
      if (!filters) return paged ? { data: [], total: 0 } : [];
      const order = { sort: query.sort, today: todayIn(clock.now(), config.businessTimeZone) };
      if (!paged) return toAnswers(await repo.listAppointments(db.kysely, filters, undefined, order));
      const [records, total] = await Promise.all([
        repo.listAppointments(db.kysely, filters, pageWindow(query), order),
        repo.countAppointments(db.kysely, filters, query.exactTotal),
      ]);
      return { data: await toAnswers(records), ...total };
    },

    /**
     * The header search's appointments (modules/search/window.ts): those whose customer or consultant
     * matches the term, from the people the indexes find, or among the newest appointments.
     */
    async search(text: string, limit: number, passes: SharedPasses = sharedPasses()) {
      const term = headerTerm(text);
      const people = term.indexed ? await peopleOf(db, passes, term) : undefined;
      if (people) {
        const { rows, total } = await repo.appointmentsOf(db, people, limit);
        return { items: await toAnswers(rows), ...total };
      }
      const [{ rows, window }, population] = await Promise.all([
        repo.appointmentsInWindow(db, term, limit, SEARCH_WINDOW),
        repo.appointmentPopulation(db),
      ]);
      return { items: await toAnswers(rows), ...windowTotal(window, population) };
    },

    /** The export is audited before its first row goes out. */
    recordExport: (query: object) => recordExport(db.kysely, "appointment", query, clock.now()),

    /**
     * Every appointment the list's query finds, in its order (without a sort: upcoming first, then the past,
     * as the list): written by PostgreSQL, or read a page at a time.
     */
    exportRows(query: AppointmentListQuery) {
      const columns = appointmentCsv(config.businessTimeZone);
      const order = () => ({ sort: query.sort, today: todayIn(clock.now(), config.businessTimeZone) });
      const rows = csvRows(db, columns, {
        copy: async (cells) => {
          const filters = await filtersOf(query);
          return filters ? repo.copyAppointments(db.kysely, filters, order(), cells) : [];
        },
        pages: () => {
          let read: PageReader<ExportedAppointment> | undefined;
          return async () => {
            if (!read) {
              const filters = await filtersOf(query);
              read = filters
                ? mapPages(repo.exportAppointments(db.kysely, filters, order(), EXPORT_PAGE), (record) =>
                    exportedAppointment(record, config.businessTimeZone),
                  )
                : async () => undefined;
            }
            return read();
          };
        },
      });
      return { columns, rows };
    },

    get: getOrThrow,

    /**
     * The calendar of a few consultants over a range: their appointments (cancelled ones too, shown as
     * such), weekly hours and time off, in one answer so the calendar paints after a single request.
     * Deleted consultants are shown with the appointments they kept; an unknown one is a 404.
     */
    async calendar(query: CalendarQuery): Promise<Calendar> {
      const found = await Promise.all(query.consultantIds.map((id) => repo.findConsultant(db.kysely, id)));
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
        appointments: await toAnswers(records),
      };
    },

    /**
     * `byCustomer`: the customer books for themselves (the customer API); their own rules run in the
     * booking's transaction (`guard`), so two of their bookings at once cannot both pass a limit.
     */
    async create(
      body: CreateAppointmentBody,
      actor: Actor,
      byCustomer?: { guard(trx: Executor): Promise<void> },
    ): Promise<Appointment> {
      const fieldErrors: Record<string, string> = {};
      const consultant = await repo.findConsultant(db.kysely, body.consultantId);
      if (!consultant || consultant.deletedAt) fieldErrors.consultantId = messages.consultantNotFound;
      if (body.appointmentDate < today(consultant)) fieldErrors.appointmentDate = messages.datePast;
      const user = await resolveUser(body.userid ?? body.userId, actor);
      if (!user) fieldErrors.userid = messages.customerNotFound;
      if (!consultant || consultant.deletedAt || !user || Object.keys(fieldErrors).length > 0) {
        throw new ValidationError(fieldErrors);
      }

      const now = clock.now().toISOString();
      const confirmed = body.isConfirmed ?? false;
      try {
        // The rules and the write in one transaction: SQLite's single writer serializes them; PostgreSQL's
        // exclusion constraint refuses the loser of a race (23P01, the same 409).
        const id = await db.kysely.transaction().execute(async (trx) => {
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
            settings,
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
          await keepReminders(trx, {
            id: inserted,
            startsAt: booking.startsAt,
            isConfirmed: confirmed,
            isCancelled: false,
          });
          return inserted;
        });
        return await getOrThrow(id);
      } catch (error) {
        throw bookingConflict(error) ?? error;
      }
    },

    /**
     * Flags the body leaves out are carried over. A flag turning on stamps its time and the actor; a flag
     * turning off clears them; otherwise the stored stamps stay (client-sent stamps are ignored).
     * "Not in the past" applies only when the date changes, so past appointments can still be settled.
     */
    async update(
      body: UpdateAppointmentBody,
      actor: Actor,
      expected: number | undefined = body.version,
    ): Promise<Appointment> {
      const existing = await repo.findAppointmentRow(db.kysely, body.id);
      if (!existing) throw new NotFound(messages.notFound);
      // Told before field errors, which would be checked against a record the person has not seen.
      if (expected !== undefined && existing.version !== expected) throw new StaleVersion();

      const fieldErrors: Record<string, string> = {};
      const consultant = await repo.findConsultant(db.kysely, body.consultantId);
      if (body.appointmentDate !== existing.appointmentDate && body.appointmentDate < today(consultant)) {
        fieldErrors.appointmentDate = messages.datePast;
      }
      // A consultant deleted since the booking still holds its existing appointments.
      const consultantOk = consultant && (!consultant.deletedAt || consultant.id === existing.consultantId);
      if (!consultantOk) fieldErrors.consultantId = messages.consultantNotFound;
      const user = await resolveUser(body.userid ?? body.userId, actor, existing.userId);
      if (!user) fieldErrors.userid = messages.customerNotFound;
      if (!consultant || !consultantOk || !user || Object.keys(fieldErrors).length > 0) {
        throw new ValidationError(fieldErrors);
      }

      const now = clock.now().toISOString();
      const isConfirmed = body.isConfirmed ?? existing.isConfirmed;
      const isCancelled = body.isCancelled ?? existing.isCancelled;
      const stamp = (on: boolean, wasOn: boolean, at: string | null, by: string | null) =>
        on ? (wasOn ? { at, by } : { at: now, by: actor.userName }) : { at: null, by: null };
      const confirmation = stamp(
        isConfirmed,
        existing.isConfirmed,
        existing.confirmedAt,
        existing.confirmedBy,
      );
      const cancellation = stamp(
        isCancelled,
        existing.isCancelled,
        existing.cancelledAt,
        existing.cancelledBy,
      );
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
            settings,
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
            await keepReminders(trx, {
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
      const answer = await getOrThrow(existing.id);
      // After the commit: nobody is told of a change that was rolled back; a refused mail fails no change.
      const confirming = isConfirmed && !existing.isConfirmed && !isCancelled;
      const telling = cancelling || confirming || (moved && !isCancelled);
      const reader = telling ? await readerOf(answer) : null;
      const mails = !reader
        ? []
        : cancelling
          ? cancelledAppointmentMails(answer, reason, reader, config.companyName)
          : changedAppointmentMail(answer, confirming ? "confirmed" : "moved", reader, config.companyName);
      await Promise.allSettled(mails.map((mail) => deps.mailer.send(mail)));
      return answer;
    },

    /**
     * A hard delete: the spec's dialog says the action cannot be undone. With `expected`, an appointment
     * changed since the person saw it (rescheduled, confirmed) is not deleted: 409.
     */
    /**
     * Records whether the app user came: only once the appointment has started, and a cancelled one cannot
     * be a no-show. Never set by the server itself. null clears it.
     */
    async recordAttendance(
      reference: string,
      body: AttendanceBody,
      actor: Actor,
      expected: number | undefined = body.version,
    ): Promise<Appointment> {
      const appointment = await getOrThrow(reference);
      if (expected !== undefined && appointment.version !== expected) throw new StaleVersion();
      const refusal = body.attendance && attendanceRefusal(body.attendance, appointment, clock.now());
      if (refusal) throw new ValidationError({ attendance: refusal });
      const now = clock.now();
      const edited = await db.kysely.transaction().execute(async (trx) => {
        const done = await repo.editAppointment(
          trx,
          appointment.id,
          { attendance: body.attendance, updatedAt: now.toISOString(), updatedBy: actor.userName },
          expected,
        );
        if (done) {
          await recordChange(trx, {
            action: "update",
            entity: "appointment",
            entityId: appointment.guidId,
            changes: changesBetween(appointment, { attendance: body.attendance }, ["attendance"]),
            at: now,
          });
        }
        return done;
      });
      if (!edited) throw new StaleVersion();
      return getOrThrow(appointment.id);
    },

    async remove(reference: string, expected?: number): Promise<{ message: string }> {
      const appointment = await getOrThrow(reference);
      const deleted = await db.kysely.transaction().execute(async (trx) => {
        if (!(await repo.deleteAppointment(trx, appointment.id, expected))) return false;
        await recordChange(trx, {
          action: "delete",
          entity: "appointment",
          entityId: appointment.guidId,
          changes: changesBetween<AuditedFields>(appointment, null, AUDITED_FIELDS),
          at: clock.now(),
        });
        return true;
      });
      if (!deleted) {
        const still = await repo.findAppointmentRow(db.kysely, appointment.id);
        throw still ? new StaleVersion() : new NotFound(messages.notFound);
      }
      return { message: messages.deleted };
    },

    /**
     * Mails the appointment's user (SMTP_URL, or the server log) and records when. One reminder per
     * appointment per REMINDER_COOLDOWN_MINUTES (the automatic one counts): a sooner ask mails nothing and
     * answers 429 with when to ask again, so no button or bulk action can flood a customer's mailbox.
     */
    async sendReminder(reference: string) {
      const appointment = await getOrThrow(reference);
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
          reminderMail({ ...appointment, userEmail }, await readerOf(appointment), config.companyName),
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
    },

    /** The automatic reminders' worker (started by the server, stopped when the app closes). */
    reminderWorker(log: FastifyBaseLogger) {
      return createReminderWorker({
        db: db.kysely,
        mailer: deps.mailer,
        clock,
        log,
        async appointment(id) {
          const answer = await find(id);
          return answer ? { answer, reader: await readerOf(answer) } : null;
        },
        companyName: config.companyName,
        intervalSeconds: config.reminderIntervalSeconds,
        maxAttempts: config.reminderMaxAttempts,
        retrySeconds: config.reminderRetrySeconds,
      });
    },

    /**
     * One bulk action on many appointments, each through its single action: confirm, cancel, markPaid and
     * markUnpaid (the undo of markPaid: the edit dialog's "Payment Received" turned off) are the update the
     * edit dialog sends (the same rules: a cancelled slot freed, a taken one refused),
     * sendReminder and delete are their own actions. A refused row says why and the others go on.
     */
    async bulk(body: AppointmentBulkBody, actor: Actor): Promise<BulkResult> {
      return eachRow(body.ids, async (id) => {
        if (body.action === "delete") {
          await this.remove(id);
          return true;
        }
        if (body.action === "sendReminder") {
          await this.sendReminder(id);
          return true;
        }
        const appointment = await getOrThrow(id);
        const change = {
          confirm: { isConfirmed: true },
          cancel: { isCancelled: true },
          markPaid: { isPaid: true },
          markUnpaid: { isPaid: false },
        }[body.action];
        // Already as asked (an appointment paid before): left as it is, and reported unchanged.
        if (alreadyAsAsked(appointment, change)) return false;
        await this.update(
          {
            id: appointment.id,
            userid: appointment.userId,
            consultantId: appointment.consultantId,
            appointmentDate: appointment.appointmentDate,
            appointmentTime: appointment.appointmentTime,
            description: appointment.description,
            supportContact: appointment.supportContact,
            ...change,
            ...(body.action === "cancel" ? { cancellationReason: body.reason } : {}),
          },
          actor,
          appointment.version,
        );
        return true;
      });
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
