import type { CreateAppointmentBody, UpdateAppointmentBody } from "@visadesk/contract/appointments";
import { appointmentMessages as messages, withSeconds } from "@visadesk/contract/appointments-constants";
import { brokenUniqueIndex } from "#api/db/errors";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { Conflict } from "#api/lib/errors";
import { todayIn } from "#api/lib/schedule";
import type { findAppointmentConsultant } from "../consultants/queries";
import { zoneOf } from "../scheduling/service";
import { findAppointmentUser } from "../users/queries";
import type { Actor } from "./appointment-answer";
import { syncReminders } from "./reminders";

/** The booking rules' settings: the business's zone and the slot length. */
export const bookingSettings = ({ config }: Pick<AppDeps, "config">) => ({
  businessTimeZone: config.businessTimeZone,
  slotMinutes: config.appointmentSlotMinutes,
});

/** Today in the consultant's zone (appointment dates are the consultant's calendar dates). */
export const consultantToday = (
  { clock, config }: Pick<AppDeps, "clock" | "config">,
  consultant: { timeZone: string | null } | undefined,
) => todayIn(clock.now(), consultant ? zoneOf(consultant, config.businessTimeZone) : config.businessTimeZone);

/** The double-booking index (or a reused guidId) broken by a write, as the 409 a caller can act on. */
export function bookingConflict(error: unknown): Conflict | null {
  // PostgreSQL's exclusion constraint: an overlapping booking committed first (migration 010).
  if ((error as { code?: string } | null)?.code === "23P01") {
    return new Conflict(messages.slotTaken, "appointmentTime");
  }
  const index = brokenUniqueIndex(error);
  if (index === null) return null;
  if (index.includes("guid")) return new Conflict(messages.duplicateGuid, "guidId");
  return new Conflict(messages.slotTaken, "appointmentTime");
}

type BookedUser = NonNullable<Awaited<ReturnType<typeof findAppointmentUser>>>;
type BookedConsultant = NonNullable<Awaited<ReturnType<typeof findAppointmentConsultant>>>;

/** What a booking and its edit both write from the body: who, with whom, when and why. */
export function bookedFields(
  body: CreateAppointmentBody | UpdateAppointmentBody,
  user: BookedUser,
  consultant: BookedConsultant,
) {
  return {
    userId: user.id,
    userEmail: user.email,
    consultantId: consultant.id,
    consultantName: consultant.name,
    consultantEmail: consultant.contactEmail,
    appointmentDate: body.appointmentDate,
    appointmentTime: withSeconds(body.appointmentTime),
    description: body.description,
    supportContact: body.supportContact || null,
  };
}

/** The appointment's user: the signed-in user by default, else an app user (a customer) or the actor. */
export async function resolveUser(
  { db }: Pick<AppDeps, "db">,
  reference: string | number | null | undefined,
  actor: Actor,
  keepId?: number,
) {
  if (reference === null || reference === undefined || reference === "") {
    return keepId === undefined
      ? findAppointmentUser(db.kysely, actor.id)
      : findAppointmentUser(db.kysely, keepId, keepId);
  }
  const user = await findAppointmentUser(db.kysely, reference, keepId);
  if (!user) return undefined;
  const allowed = user.role === "AppUser" || user.id === actor.id || user.id === keepId;
  return allowed ? user : undefined;
}

/** The automatic reminders follow the appointment, in the transaction that changed it. */
export const keepReminders = (
  { clock, config }: Pick<AppDeps, "clock" | "config">,
  trx: Executor,
  appointment: { id: number; startsAt: string; isConfirmed: boolean; isCancelled: boolean },
) => syncReminders(trx, appointment, config.reminderHoursBefore, clock.now());
