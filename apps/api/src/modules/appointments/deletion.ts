import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { StaleVersion } from "#api/lib/versions";
import { changesBetween, recordChange } from "../audit/service";
import { getAppointment } from "./appointment-answer";
import { AUDITED_FIELDS, type AuditedFields } from "./appointment-history";
import * as repo from "./repository";

/**
 * A hard delete: the spec's dialog says the action cannot be undone. With `expected`, an appointment
 * changed since the person saw it (rescheduled, confirmed) is not deleted: 409.
 */
export async function deleteAppointment(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  reference: string,
  expected?: number,
): Promise<{ message: string }> {
  const { db, clock } = deps;
  const appointment = await getAppointment(deps, reference);
  const deleted = await db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.deleteAppointment(trx, appointment.id, expected))) return false;
    await recordChange(trx, {
      action: "delete",
      entity: "appointment",
      entityId: appointment.guidId,
      changes: changesBetween<AuditedFields>(appointment, null, AUDITED_FIELDS),
      at: clock.now(),
    });
    return true;
  });
  if (!deleted) {
    const still = await repo.findAppointmentRow(db.kysely, appointment.id);
    throw still ? new StaleVersion() : new NotFound(messages.notFound);
  }
  return { message: messages.deleted };
}
