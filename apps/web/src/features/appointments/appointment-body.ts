import type { Appointment, UpdateAppointmentBody } from "@visadesk/contract/appointments";

/** The full PUT update-appointment body of a stored appointment with some fields changed (quick actions). */
export const updateBodyOf = (
  appointment: Appointment,
  change: Partial<UpdateAppointmentBody> = {},
): UpdateAppointmentBody => ({
  id: appointment.id,
  guidId: appointment.guidId,
  userid: appointment.userid,
  consultantId: appointment.consultantId,
  consultantName: appointment.consultantName,
  consultantEmail: appointment.consultantEmail,
  appointmentDate: appointment.appointmentDate,
  appointmentTime: appointment.appointmentTime,
  description: appointment.description,
  supportContact: appointment.supportContact,
  isConfirmed: appointment.isConfirmed,
  isCancelled: appointment.isCancelled,
  isPaid: appointment.isPaid,
  cancelledAt: appointment.cancelledAt,
  cancelledBy: appointment.cancelledBy,
  confirmedAt: appointment.confirmedAt,
  confirmedBy: appointment.confirmedBy,
  // The version shown: the server refuses (409) an edit of an appointment changed since.
  version: appointment.version,
  ...change,
});
