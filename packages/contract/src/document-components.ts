import { z } from "zod";
import { appointmentPageSchema, appointmentSchema } from "./appointments";
import { auditPageSchema } from "./audit";
import { consultantSchema } from "./consultants";
import {
  customerMeSchema,
  customerSchema,
  customerSessionListSchema,
  customerSessionSchema,
} from "./customer-auth";
import { customerBookingListSchema, customerBookingSchema } from "./customer-bookings";
import {
  directoryPageSchema,
  publicConsultantSchema,
  publicConsultantSummarySchema,
} from "./customer-directory";
import { noteListSchema } from "./notes";
import { timeOffListSchema } from "./scheduling";
import { taskPageSchema } from "./tasks";
import { userDetailSchema, userPageSchema, userSchema } from "./users";

/**
 * The records the API documents name: each is one component schema, referred to wherever an operation
 * answers or takes it, so a client generated from a document has one type per record. The names live in
 * zod's global registry beside each schema's description; a document keeps only the ones it refers to, so
 * a name is unique across both documents.
 */
const names: Array<[z.ZodType, string]> = [
  // The back-office API.
  [consultantSchema, "Consultant"],
  [userSchema, "User"],
  [userDetailSchema, "UserDetail"],
  [userPageSchema, "UserPage"],
  [appointmentSchema, "Appointment"],
  [appointmentPageSchema, "AppointmentPage"],
  [taskPageSchema, "TaskPage"],
  [noteListSchema, "NoteList"],
  [timeOffListSchema, "TimeOffList"],
  [auditPageSchema, "AuditPage"],
  // The customer API.
  [customerSchema, "Customer"],
  [customerMeSchema, "CustomerAccount"],
  [publicConsultantSummarySchema, "DirectoryConsultant"],
  [publicConsultantSchema, "DirectoryConsultantProfile"],
  [directoryPageSchema, "DirectoryPage"],
  [customerBookingSchema, "CustomerAppointment"],
  [customerBookingListSchema, "CustomerAppointmentList"],
  [customerSessionSchema, "CustomerDevice"],
  [customerSessionListSchema, "CustomerDeviceList"],
];

for (const [schema, id] of names) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });

/** The component names given, for the document's tests. */
export const documentComponentNames = names.map(([, id]) => id);
