import type {
  AppointmentListQuery,
  CreateAppointmentBody,
  UpdateAppointmentBody,
} from "@visadesk/contract/appointments";
import type { CalendarQuery } from "@visadesk/contract/calendar";
import type { AppointmentBulkBody } from "@visadesk/contract/lists";
import type { AttendanceBody } from "@visadesk/contract/scheduling";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import type { SharedPasses } from "../search/window";
import { type Actor, getAppointment } from "./appointment-answer";
import { recordAttendance } from "./attendance";
import { bookAppointment } from "./booking";
import { bulkAppointments } from "./bulk";
import { consultantsCalendar } from "./calendar";
import { deleteAppointment } from "./deletion";
import { changeAppointment } from "./editing";
import { exportAppointments, recordAppointmentExport } from "./export";
import { listAppointments, searchAppointments } from "./list";
import { appointmentReminderWorker, sendReminder } from "./send-reminder";

/**
 * The appointments module as the routes and other modules (the header search, the customer's bookings)
 * call it: each use case is its own file, given the app's dependencies here.
 */
export function createAppointmentService(deps: AppDeps) {
  return {
    list: (query: AppointmentListQuery) => listAppointments(deps, query),
    search: (text: string, limit: number, passes?: SharedPasses) =>
      searchAppointments(deps, text, limit, passes),
    recordExport: (query: object) => recordAppointmentExport(deps, query),
    exportRows: (query: AppointmentListQuery) => exportAppointments(deps, query),
    get: (reference: string | number) => getAppointment(deps, reference),
    calendar: (query: CalendarQuery) => consultantsCalendar(deps, query),
    create: (
      body: CreateAppointmentBody,
      actor: Actor,
      byCustomer?: { guard(trx: Executor): Promise<void> },
    ) => bookAppointment(deps, body, actor, byCustomer),
    update: (body: UpdateAppointmentBody, actor: Actor, expected?: number) =>
      changeAppointment(deps, body, actor, expected),
    recordAttendance: (reference: string, body: AttendanceBody, actor: Actor, expected?: number) =>
      recordAttendance(deps, reference, body, actor, expected),
    remove: (reference: string, expected?: number) => deleteAppointment(deps, reference, expected),
    sendReminder: (reference: string) => sendReminder(deps, reference),
    /** The automatic reminders' worker (started by the server, stopped when the app closes). */
    reminderWorker: (log: FastifyBaseLogger) => appointmentReminderWorker(deps, log),
    bulk: (body: AppointmentBulkBody, actor: Actor) => bulkAppointments(deps, body, actor),
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
