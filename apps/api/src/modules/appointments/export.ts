import type { AppointmentListQuery } from "@visadesk/contract/appointments";
import { appointmentStatus } from "@visadesk/contract/appointments-constants";
import { sql } from "kysely";
import { booleanCell, textCell, timestampCell } from "#api/db/csv-copy";
import { appointmentStatusKey } from "#api/db/sorting";
import type { AppDeps } from "#api/deps";
import { type CsvColumn, csvRows, EXPORT_PAGE, mapPages, type PageReader } from "#api/lib/lists";
import { todayIn } from "#api/lib/schedule";
import { recordExport } from "../audit/service";
import { filtersOf } from "./list";
import * as lists from "./list-repository";
import type * as repo from "./repository";

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

/** The export's headers, for the document: the same for every business time zone. */
export const APPOINTMENT_CSV_HEADERS = appointmentCsv("UTC").map((column) => column.header);

/** The export is audited before its first row goes out. */
export const recordAppointmentExport = ({ db, clock }: Pick<AppDeps, "db" | "clock">, query: object) =>
  recordExport(db.kysely, "appointment", query, clock.now());

/**
 * Every appointment the list's query finds, in its order (without a sort: upcoming first, then the past,
 * as the list): written by PostgreSQL, or read a page at a time.
 */
export function exportAppointments(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  query: AppointmentListQuery,
) {
  const { db, clock, config } = deps;
  const columns = appointmentCsv(config.businessTimeZone);
  const order = () => ({ sort: query.sort, today: todayIn(clock.now(), config.businessTimeZone) });
  const rows = csvRows(db, columns, {
    copy: async (cells) => {
      const filters = await filtersOf(deps, query);
      return filters ? lists.copyAppointments(db.kysely, filters, order(), cells) : [];
    },
    pages: (reader) => {
      let read: PageReader<ExportedAppointment> | undefined;
      return async () => {
        if (!read) {
          const filters = await filtersOf(deps, query);
          read = filters
            ? mapPages(lists.exportAppointments(reader.kysely, filters, order(), EXPORT_PAGE), (record) =>
                exportedAppointment(record, config.businessTimeZone),
              )
            : async () => undefined;
        }
        return read();
      };
    },
  });
  return { columns, rows };
}
