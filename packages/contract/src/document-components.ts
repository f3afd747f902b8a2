import { z } from "zod";
import { appointmentPageSchema, appointmentSchema } from "./appointments";
import { consultantSchema } from "./consultants";
import { customerSchema } from "./customer-auth";
import { customerBookingListSchema, customerBookingSchema } from "./customer-bookings";
import {
  directoryPageSchema,
  publicConsultantSchema,
  publicConsultantSummarySchema,
} from "./customer-directory";
import { userDetailSchema, userPageSchema, userSchema } from "./users";

/**
 * The records each API document names: each is one component schema, referred to wherever an operation
 * answers or takes it, so a client generated from the document has one type per record.
 */
const named = (entries: Array<[z.ZodType, string]>) => {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of entries) registry.add(schema, { id });
  return registry;
};

export const backOfficeComponents = named([
  [consultantSchema, "Consultant"],
  [userSchema, "User"],
  [userDetailSchema, "UserDetail"],
  [userPageSchema, "UserPage"],
  [appointmentSchema, "Appointment"],
  [appointmentPageSchema, "AppointmentPage"],
]);

export const customerComponents = named([
  [customerSchema, "Customer"],
  [publicConsultantSummarySchema, "ConsultantSummary"],
  [publicConsultantSchema, "ConsultantProfile"],
  [directoryPageSchema, "ConsultantPage"],
  [customerBookingSchema, "Appointment"],
  [customerBookingListSchema, "AppointmentList"],
]);
