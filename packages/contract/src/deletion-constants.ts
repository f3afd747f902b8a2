/**
 * What deleting one party of appointments (a consultant, an app user) does to its upcoming bookings: the
 * one rule both deletes follow, free of zod so any page can import it cheaply.
 */

/** The longest reason a cancelling delete may give (it goes into each mail). */
export const DELETE_REASON_MAX_LENGTH = 500;

/** The fate of the upcoming appointments of a deleted party, as the delete screens and the API name it. */
export const DELETE_APPOINTMENT_CHOICES = ["cancel", "keep"] as const;
export type DeleteAppointmentChoice = (typeof DELETE_APPOINTMENT_CHOICES)[number];
export const deleteReasonTooLong = `Reason must be at most ${DELETE_REASON_MAX_LENGTH} characters`;

/** Who a delete removes from its appointments. */
export type BookingParty = "consultant" | "app user";

/** How a deleted party shows wherever an appointment names it. */
export const deletedName = (name: string) => `${name} (deleted)`;

export const appointmentsOf = (count: number) => `${count} upcoming appointment${count === 1 ? "" : "s"}`;

/** The screens' and the API's wording of the rule for one kind of party. */
export function upcomingDeletionMessages(party: BookingParty, deletedMessage: string) {
  const removed = party === "consultant" ? "consultant removed" : "customer removed";
  const notified =
    party === "consultant" ? "the customers notified" : "the consultants and customer notified";
  const Party = party === "consultant" ? "Consultant" : "AppUser";
  return {
    /** The 409 of a delete that would leave booked appointments without a decision on them. */
    upcoming: (count: number) =>
      `This ${party} has ${appointmentsOf(count)}. Choose whether to cancel them or keep them flagged "${removed}".`,
    choiceLabel: "What happens to the upcoming appointments?",
    cancelChoice: "Cancel upcoming appointments",
    cancelHint:
      party === "consultant"
        ? "Each customer is emailed that the appointment is cancelled, with the reason you give."
        : "The customer and each consultant are emailed that the appointment is cancelled, with the reason you give.",
    keepChoice: `Keep them, flagged "${removed}"`,
    keepHint: `The appointments stay as they are; everywhere they show that the ${party === "consultant" ? "consultant" : "customer"} was removed.`,
    reasonLabel: "Reason for the cancellation",
    reasonRequired:
      party === "consultant"
        ? "Give a reason: it is sent to the customers"
        : "Give a reason: it is sent to the consultants and the customer",
    reasonTooLong: deleteReasonTooLong,
    removed,
    deletedName,
    deletedCancelled: (count: number) =>
      `${count} appointment${count === 1 ? "" : "s"} cancelled by the delete stay${count === 1 ? "s" : ""} cancelled`,
    deletedResult: (cancelled: number, kept: number) =>
      cancelled > 0
        ? `${Party} deleted; ${appointmentsOf(cancelled)} cancelled and ${notified}`
        : kept > 0
          ? `${Party} deleted; ${appointmentsOf(kept)} kept, flagged "${removed}"`
          : deletedMessage,
  };
}
