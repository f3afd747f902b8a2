import type { Appointment } from "@visadesk/contract/appointments";
import {
  CANCELLATION_REASON_MAX_LENGTH,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { Endpoint } from "@visadesk/contract/endpoint";
import type { APPOINTMENT_BULK_ACTIONS } from "@visadesk/contract/lists-constants";
import type { BulkAction } from "@/components/bulk-action";
import { call } from "@/lib/api-client";
import type { AppointmentListQuery } from "../api/get-appointments";
import { appointmentId } from "./appointment-columns";

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
] satisfies Array<BulkAction & { action: AppointmentBulkAction; undo?: AppointmentBulkAction }>;

/** The list's export and bulk bar (shared with the other lists) take their address under the HTTP client's base. */
const underApiBase = (declaration: Endpoint) => declaration.path.replace(/^\/api\/v2\//, "");
export const APPOINTMENT_EXPORT_PATH = underApiBase(appointmentEndpoints.export);
export const APPOINTMENT_BULK_PATH = underApiBase(appointmentEndpoints.bulk);

/**
 * The exact number of appointments matching the list's query (exactTotal=true), asked when the list's total
 * is an estimate: "Select all", its confirmation and its result then state the rows really acted on.
 */
export async function exactAppointmentCount(query: AppointmentListQuery): Promise<number> {
  const answer = await call(
    appointmentEndpoints.list,
    { query: { ...query, page: 1, pageSize: 1, exactTotal: "true" } },
    { silent: true },
  );
  return Array.isArray(answer) ? answer.length : answer.total;
}

/** Every appointment id matching the list's query, read page by page (the largest page) from the list itself. */
export async function matchingAppointmentIds(query: AppointmentListQuery): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await call(
      appointmentEndpoints.list,
      { query: { ...query, page, pageSize: MAX_PAGE_SIZE } },
      { silent: true },
    );
    const rows: Appointment[] = Array.isArray(answer) ? answer : answer.data;
    ids.push(...rows.map(appointmentId));
    if (rows.length < MAX_PAGE_SIZE) return ids;
  }
}
