import type { Appointment, AppointmentFormValues } from "@visadesk/contract/appointments";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { fieldsOf } from "@/lib/form-errors";
import type { ConsultantOption } from "../../api/get-consultant-options";
import { consultantLabel, shortTime } from "../../format";

/** Create mode: the consultant, date and time already chosen (a free slot clicked in the calendar). */
export interface AppointmentPrefill {
  consultant?: ConsultantOption | undefined;
  appointmentDate?: string | undefined;
  /** "HH:MM". */
  appointmentTime?: string | undefined;
}

/** The create form offers only the confirmed toggle; edit adds cancelled and paid. */
export const flagLabels = [
  ["isConfirmed", "Confirmed"],
  ["isCancelled", "Cancelled"],
  ["isPaid", "Payment Received"],
] as const;

const blank: AppointmentFormValues = {
  userid: "",
  consultantId: "",
  appointmentDate: "",
  appointmentTime: "",
  description: "",
  supportContact: "",
  isConfirmed: false,
  isCancelled: false,
  isPaid: false,
  cancellationReason: "",
};
export const APPOINTMENT_FIELDS = fieldsOf(blank);

/** The dialog's labels, for the fields a conflicting save changed. */
export const APPOINTMENT_LABELS = {
  userid: "Customer",
  consultantId: "Consultant",
  appointmentDate: "Appointment Date",
  appointmentTime: "Appointment Time",
  description: "Description",
  supportContact: "Support Contact",
  isConfirmed: "Confirmed",
  isCancelled: "Cancelled",
  isPaid: "Payment Received",
  cancellationReason: messages.cancelReasonLabel,
} as const;

/** The form as it opens: the stored appointment's values, or a new one's (with a calendar slot's). */
export const initialValues = (
  appointment: Appointment | undefined,
  prefill: AppointmentPrefill | undefined,
): AppointmentFormValues =>
  appointment
    ? {
        userid: appointment.userid,
        consultantId: appointment.consultantId,
        appointmentDate: appointment.appointmentDate,
        appointmentTime: shortTime(appointment.appointmentTime),
        description: appointment.description,
        supportContact: appointment.supportContact ?? "",
        isConfirmed: appointment.isConfirmed,
        isCancelled: appointment.isCancelled,
        isPaid: appointment.isPaid,
        cancellationReason: appointment.cancellationReason ?? "",
      }
    : {
        ...blank,
        consultantId: prefill?.consultant?.guidId ?? "",
        appointmentDate: prefill?.appointmentDate ?? "",
        appointmentTime: prefill?.appointmentTime ?? "",
      };

/** The consultant the form starts with, so the select names them before any search. */
export const initialConsultant = (
  appointment: Appointment | undefined,
  prefill: AppointmentPrefill | undefined,
): ConsultantOption | undefined =>
  appointment
    ? {
        guidId: appointment.consultantId,
        name: consultantLabel(appointment),
        contactEmail: appointment.consultantEmail,
      }
    : prefill?.consultant;
