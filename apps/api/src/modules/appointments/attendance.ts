import type { Appointment } from "@visadesk/contract/appointments";
import { type AttendanceBody, attendanceRefusal } from "@visadesk/contract/scheduling";
import type { AppDeps } from "#api/deps";
import { ValidationError } from "#api/lib/errors";
import { StaleVersion } from "#api/lib/versions";
import { changesBetween, recordChange } from "../audit/service";
import { type Actor, getAppointment } from "./appointment-answer";
import * as repo from "./repository";

/**
 * Records whether the app user came: only once the appointment has started, and a cancelled one cannot
 * be a no-show. Never set by the server itself. null clears it.
 */
export async function recordAttendance(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  reference: string,
  body: AttendanceBody,
  actor: Actor,
  expected: number | undefined = body.version,
): Promise<Appointment> {
  const { db, clock } = deps;
  const appointment = await getAppointment(deps, reference);
  if (expected !== undefined && appointment.version !== expected) throw new StaleVersion();
  const refusal = body.attendance && attendanceRefusal(body.attendance, appointment, clock.now());
  if (refusal) throw new ValidationError({ attendance: refusal });
  const now = clock.now();
  const edited = await db.kysely.transaction().execute(async (trx) => {
    const done = await repo.editAppointment(
      trx,
      appointment.id,
      { attendance: body.attendance, updatedAt: now.toISOString(), updatedBy: actor.userName },
      expected,
    );
    if (done) {
      await recordChange(trx, {
        action: "update",
        entity: "appointment",
        entityId: appointment.guidId,
        changes: changesBetween(appointment, { attendance: body.attendance }, ["attendance"]),
        at: now,
      });
    }
    return done;
  });
  if (!edited) throw new StaleVersion();
  return getAppointment(deps, appointment.id);
}
