import { sql } from "kysely";
import { DateTime } from "luxon";
import type { Executor } from "#api/db/schema";

/**
 * A consultant's time zone change keeps every appointment's instant (the customer booked a moment in time,
 * and the reminders hang on it): only the stored wall-clock date and time, which are read in the
 * consultant's zone, are written again from the instant in the new zone.
 */
export interface Rezoned {
  id: number;
  guidId: string;
  userEmail: string | null;
  startsAt: string;
  isCancelled: boolean;
  from: { appointmentDate: string; appointmentTime: string };
  to: { appointmentDate: string; appointmentTime: string };
}

/** The wall-clock date and time (HH:MM:SS) of an instant in a zone. */
export function wallClock(startsAt: string, zone: string) {
  const local = DateTime.fromISO(startsAt, { zone: "UTC" }).setZone(zone);
  return { appointmentDate: local.toISODate()!, appointmentTime: local.toFormat("HH:mm:ss") };
}

/** The consultant's appointments whose stored date or time is not their instant in `zone`, soonest first. */
export async function appointmentsToRezone(
  db: Executor,
  consultantId: number,
  zone: string,
): Promise<Rezoned[]> {
  const rows = await db
    .selectFrom("appointments")
    .select(["id", "guidId", "userEmail", "startsAt", "isCancelled", "appointmentDate", "appointmentTime"])
    .where("consultantId", "=", consultantId)
    .orderBy("startsAt")
    .orderBy("id")
    .execute();
  return rows.flatMap((row) => {
    const from = {
      appointmentDate: String(row.appointmentDate).slice(0, 10),
      appointmentTime: String(row.appointmentTime).slice(0, 8),
    };
    const to = wallClock(row.startsAt, zone);
    if (to.appointmentDate === from.appointmentDate && to.appointmentTime === from.appointmentTime) return [];
    return [{ ...row, isCancelled: Boolean(row.isCancelled), from, to }];
  });
}

/** Those a person plans around: not cancelled, not started yet. */
export const upcomingOf = (rezoned: Rezoned[], now: Date) =>
  rezoned.filter((row) => !row.isCancelled && Date.parse(row.startsAt) >= now.getTime());

/**
 * Writes the new wall-clock fields, moving each version (an edit form opened before the change holds the
 * old local time and must not save it back). A booking is never written onto the date and time another one
 * still holds (the double-booking index checks each row): one whose target is held waits for the holder,
 * following the chain, so the writes go through in an order that keeps the index satisfied.
 */
export async function rezoneAppointments(
  trx: Executor,
  rezoned: Rezoned[],
  stamp: { at: string; by: string },
): Promise<void> {
  const slot = (value: { appointmentDate: string; appointmentTime: string }) =>
    `${value.appointmentDate} ${value.appointmentTime}`;
  // Only appointments that are not cancelled hold a slot in the index.
  const holderOf = new Map(rezoned.filter((row) => !row.isCancelled).map((row) => [slot(row.from), row]));
  const done = new Set<number>();
  const write = async (row: Rezoned) => {
    await trx
      .updateTable("appointments")
      .set({
        ...row.to,
        updatedAt: stamp.at,
        updatedBy: stamp.by,
        version: sql<number>`version + 1`,
      })
      .where("id", "=", row.id)
      .execute();
    done.add(row.id);
    if (holderOf.get(slot(row.from)) === row) holderOf.delete(slot(row.from));
  };
  for (const first of rezoned) {
    if (done.has(first.id)) continue;
    // The chain of rows each waiting for the next to leave its target; written from its end.
    const chain: Rezoned[] = [first];
    const inChain = new Set([first.id]);
    for (;;) {
      const last = chain[chain.length - 1]!;
      if (last.isCancelled) break;
      const holder = holderOf.get(slot(last.to));
      if (!holder || holder === last || done.has(holder.id) || inChain.has(holder.id)) break;
      chain.push(holder);
      inChain.add(holder.id);
    }
    for (const row of chain.reverse()) await write(row);
  }
}
