import {
  CANCELLATION_REASON_MAX_LENGTH,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import type { APPOINTMENT_BULK_ACTIONS } from "@visadesk/contract/lists-constants";
import type { BulkAction } from "@/components/bulk-action";

type AppointmentBulkAction = (typeof APPOINTMENT_BULK_ACTIONS)[number];

/**
 * The server's bulk actions on appointments. Mark paid is undone by markUnpaid (the edit dialog's "Payment
 * Received" turned off); confirm and cancel have no opposite: un-cancelling must re-check the slot.
 */
export const bulkActions = [
  { action: "confirm", label: "Confirm", already: "already confirmed" },
  {
    action: "cancel",
    label: "Cancel",
    already: "already cancelled",
    // Each customer and consultant is mailed the reason, as with a single cancel.
    reason: {
      label: messages.cancelReasonLabel,
      hint: messages.cancelReasonHint,
      required: messages.cancelReasonRequired,
      maxLength: CANCELLATION_REASON_MAX_LENGTH,
    },
  },
  { action: "markPaid", label: "Mark paid", undo: "markUnpaid", already: "already paid" },
  { action: "sendReminder", label: "Send reminder", done: "reminded" },
  { action: "delete", label: "Delete", confirm: true, done: "deleted" },
] satisfies Array<BulkAction<AppointmentBulkAction>>;
