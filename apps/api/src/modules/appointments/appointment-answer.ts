import type { Appointment } from "@visadesk/contract/appointments";
import {
  appointmentStatus,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import type { Attendance } from "@visadesk/contract/scheduling";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { mailReaderOfAccount } from "../auth/service";
import { remindersOf } from "./reminders";
import * as repo from "./repository";

/** The back-office user acting; their user name is what confirmedBy/cancelledBy/createdBy record. */
export type Actor = Pick<AuthUser, "id" | "userName">;

/** What reading an appointment needs: the database and the business's time zone. */
export type AppointmentReadDeps = Pick<AppDeps, "db" | "config">;

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

/** The answers of the records, with their reminders (one query for the lot). */
export async function toAnswers(
  { db, config }: AppointmentReadDeps,
  records: repo.AppointmentRecord[],
): Promise<Appointment[]> {
  const reminders = await remindersOf(
    db.kysely,
    records.map((record) => record.id),
  );
  return records.map((record) =>
    toAppointment(record, config.businessTimeZone, reminders.get(record.id) ?? []),
  );
}

export async function findAppointment(
  deps: AppointmentReadDeps,
  reference: string | number,
): Promise<Appointment | undefined> {
  const record = await repo.findAppointment(deps.db.kysely, reference);
  return record ? (await toAnswers(deps, [record]))[0] : undefined;
}

/** The appointment by guidId or id, or a 404. */
export async function getAppointment(
  deps: AppointmentReadDeps,
  reference: string | number,
): Promise<Appointment> {
  const appointment = await findAppointment(deps, reference);
  if (!appointment) throw new NotFound(messages.notFound);
  return appointment;
}

/** Who reads the appointment's customer mails: its customer's language and zone. */
export const readerOf = ({ db }: Pick<AppDeps, "db">, appointment: Appointment) =>
  mailReaderOfAccount(db.kysely, appointment.userId);
