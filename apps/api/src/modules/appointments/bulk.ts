import type { AppointmentBulkBody, BulkResult } from "@visadesk/contract/lists";
import type { AppDeps } from "#api/deps";
import { alreadyAsAsked, eachRow } from "#api/lib/lists";
import { type Actor, getAppointment } from "./appointment-answer";
import { deleteAppointment } from "./deletion";
import { changeAppointment } from "./editing";
import { sendReminder } from "./send-reminder";

/**
 * One bulk action on many appointments, each through its single action: confirm, cancel, markPaid and
 * markUnpaid (the undo of markPaid: the edit dialog's "Payment Received" turned off) are the update the
 * edit dialog sends (the same rules: a cancelled slot freed, a taken one refused),
 * sendReminder and delete are their own actions. A refused row says why and the others go on.
 */
export async function bulkAppointments(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  body: AppointmentBulkBody,
  actor: Actor,
): Promise<BulkResult> {
  return eachRow(body.ids, async (id) => {
    if (body.action === "delete") {
      await deleteAppointment(deps, id);
      return true;
    }
    if (body.action === "sendReminder") {
      await sendReminder(deps, id);
      return true;
    }
    const appointment = await getAppointment(deps, id);
    const change = {
      confirm: { isConfirmed: true },
      cancel: { isCancelled: true },
      markPaid: { isPaid: true },
      markUnpaid: { isPaid: false },
    }[body.action];
    // Already as asked (an appointment paid before): left as it is, and reported unchanged.
    if (alreadyAsAsked(appointment, change)) return false;
    await changeAppointment(
      deps,
      {
        id: appointment.id,
        userid: appointment.userId,
        consultantId: appointment.consultantId,
        appointmentDate: appointment.appointmentDate,
        appointmentTime: appointment.appointmentTime,
        description: appointment.description,
        supportContact: appointment.supportContact,
        ...change,
        ...(body.action === "cancel" ? { cancellationReason: body.reason } : {}),
      },
      actor,
      appointment.version,
    );
    return true;
  });
}
