import { z } from "zod";
import {
  DELETE_APPOINTMENT_CHOICES,
  DELETE_REASON_MAX_LENGTH,
  deleteReasonTooLong,
} from "./deletion-constants";

/** GET .../{id}/deletion-impact: what deleting a consultant or an app user would leave behind. */
export const deletionImpactSchema = z.object({ upcomingAppointments: z.number().int() });
export type DeletionImpact = z.infer<typeof deletionImpactSchema>;

/**
 * A delete's decision on the upcoming appointments: cancel (with a reason, mailed) or keep (flagged).
 * Needed only when there are some.
 */
export const deletionChoiceSchema = z.object({
  appointments: z.enum(DELETE_APPOINTMENT_CHOICES).optional(),
  reason: z.string().trim().max(DELETE_REASON_MAX_LENGTH, deleteReasonTooLong).optional(),
});
export type DeletionChoice = z.input<typeof deletionChoiceSchema>;

/** What a delete did to the upcoming appointments. */
export const deletedWithAppointmentsSchema = z.object({
  message: z.string(),
  cancelledAppointments: z.number().int(),
  keptAppointments: z.number().int(),
});
export type DeletedWithAppointments = z.infer<typeof deletedWithAppointmentsSchema>;
