import type { DeleteAppointmentChoice } from "@visadesk/contract/deletion-constants";
import { upcomingDeletionMessages } from "@visadesk/contract/deletion-constants";
import { sql } from "kysely";
import { type Config, linkOrigin } from "#api/config";
import type { Executor } from "#api/db/schema";
import { longDate } from "#api/lib/clock";
import { mailReaderOf } from "#api/lib/customer-mail-i18n";
import { Conflict, ValidationError } from "#api/lib/errors";
import type { Mail } from "#api/lib/mailer";
import { recordChange } from "../audit/service";
import { appointmentInvitation, invitationHost } from "./appointment-invitation";
import { cancelledMail } from "./customer-mails";
import { appointmentsWithPeople } from "./repository";

/**
 * What deleting one party of appointments (a consultant, an app user) does to its upcoming bookings, the one
 * rule both deletes follow: without a decision the delete is refused (409); "cancel" cancels them with a
 * reason, in the delete's transaction (each mailed once it is committed); "keep" leaves them, and their
 * answers show the party as deleted. A restore brings none of the cancelled ones back.
 */
export type DeletedParty =
  | { kind: "consultant"; consultantId: number }
  | { kind: "app user"; userId: number };

const partyColumn = (party: DeletedParty) =>
  party.kind === "consultant"
    ? (["appointments.consultantId", party.consultantId] as const)
    : (["appointments.userId", party.userId] as const);

/** The booked, not cancelled appointments of the party from the given business-local date on. */
export function upcomingAppointments(db: Executor, party: DeletedParty, fromDate: string) {
  const [column, id] = partyColumn(party);
  return appointmentsWithPeople(db)
    .select([
      "appointments.id",
      "appointments.guidId",
      "appointments.appointmentDate",
      "appointments.appointmentTime",
      "appointments.description",
      "appointments.startsAt",
      "appointments.endsAt",
      "appointments.version",
      "users.email as customerEmail",
      "users.language as customerLanguage",
      "users.timeZone as customerTimeZone",
      "consultants.name as consultantName",
      "consultants.contactEmail as consultantEmail",
      "consultants.timeZone as consultantTimeZone",
    ])
    .where(column, "=", id)
    .where("appointments.appointmentDate", ">=", fromDate)
    .where("appointments.isCancelled", "=", false)
    .orderBy("appointments.appointmentDate")
    .orderBy("appointments.appointmentTime")
    .execute();
}
export type UpcomingAppointment = Awaited<ReturnType<typeof upcomingAppointments>>[number];

/** How many booked, not cancelled appointments the party has from the given business-local date on. */
export async function countUpcomingAppointments(db: Executor, party: DeletedParty, fromDate: string) {
  const [column, id] = partyColumn(party);
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(column, "=", id)
    .where("appointmentDate", ">=", fromDate)
    .where("isCancelled", "=", false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The appointments a party's delete cancelled: cancelled at the very instant of the delete, still so. */
export async function countCancelledByDelete(db: Executor, party: DeletedParty, deletedAt: string) {
  const [column, id] = partyColumn(party);
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(column, "=", id)
    .where("isCancelled", "=", true)
    .where("cancelledAt", "=", deletedAt)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Cancels the appointments named (moving their versions), with the reason the cancel gave. */
async function cancelAppointments(
  db: Executor,
  ids: number[],
  cancel: { at: string; by: string; reason: string },
) {
  if (ids.length === 0) return;
  await db
    .updateTable("appointments")
    .set({
      isCancelled: true,
      cancelledAt: cancel.at,
      cancelledBy: cancel.by,
      cancellationReason: cancel.reason,
      updatedAt: cancel.at,
      updatedBy: cancel.by,
      version: sql<number>`version + 1`,
    })
    .where("id", "in", ids)
    .where("isCancelled", "=", false)
    .execute();
  // A cancelled appointment gets no automatic reminder: the ones not sent yet go.
  await db
    .deleteFrom("appointmentReminders")
    .where("appointmentId", "in", ids)
    .where("state", "!=", "sent")
    .execute();
}

/**
 * The delete's decision on the party's upcoming appointments, inside the delete's transaction: refused
 * without one (409), a cancel without a reason refused (400); cancelled ones are audited one by one.
 */
export async function settleUpcoming(
  trx: Executor,
  party: DeletedParty,
  decision: { choice: DeleteAppointmentChoice | undefined; reason: string | undefined },
  context: { today: string; at: Date; by: string },
): Promise<{ cancelled: UpcomingAppointment[]; kept: number; reason: string }> {
  const messages = upcomingDeletionMessages(party.kind, "");
  const upcoming = await upcomingAppointments(trx, party, context.today);
  if (upcoming.length > 0 && !decision.choice) {
    throw new Conflict(messages.upcoming(upcoming.length), "appointments");
  }
  if (upcoming.length === 0 || decision.choice === "keep") {
    return { cancelled: [], kept: upcoming.length, reason: "" };
  }
  const reason = decision.reason?.trim();
  if (!reason) throw new ValidationError({ reason: messages.reasonRequired });
  const at = context.at.toISOString();
  await cancelAppointments(
    trx,
    upcoming.map((appointment) => appointment.id),
    { at, by: context.by, reason },
  );
  for (const appointment of upcoming) {
    await recordChange(trx, {
      action: "cancel",
      entity: "appointment",
      entityId: appointment.guidId,
      changes: {
        isCancelled: { from: false, to: true },
        cancellationReason: { from: null, to: reason },
      },
      at: context.at,
    });
  }
  return { cancelled: upcoming, kept: 0, reason };
}

/**
 * The mails of a cancelling delete, sent after its commit (no one is told of a cancel that was rolled
 * back): the customer of each appointment, in their language and zone, and for an app user's delete its
 * consultant too, in English (the deleted consultant is not mailed). The consultant's times are their wall
 * clock, named with its zone. An erased customer (`erased`) is not named: their address is gone with the rest.
 * Each carries the appointment's calendar invitation as any other cancel does (METHOD CANCEL, the
 * appointment's UID, the SEQUENCE its cancel reached), so the reader's calendar removes the event.
 */
export function cancellationMails(
  party: DeletedParty["kind"],
  appointments: UpcomingAppointment[],
  reason: string,
  settings: Pick<Config, "businessTimeZone" | "companyName" | "publicUrl" | "port">,
  erased = false,
): Mail[] {
  const host = invitationHost(linkOrigin(settings));
  return appointments.flatMap((appointment) => {
    // The invitation of the cancelled appointment, made out to one reader; a deleted consultant organizes
    // nothing any more.
    const organizer =
      party === "consultant" || !appointment.consultantEmail
        ? null
        : { name: appointment.consultantName ?? settings.companyName, email: appointment.consultantEmail };
    const withInvitation = (mail: Mail, summary: string): Mail => ({
      ...mail,
      calendar: appointmentInvitation({
        appointment: {
          guidId: appointment.guidId,
          startsAt: appointment.startsAt,
          endsAt: appointment.endsAt,
          // cancelAppointments moved it one on.
          version: appointment.version + 1,
          isCancelled: true,
        },
        host,
        summary,
        description: mail.text,
        location: null,
        organizer,
        attendee: mail.to,
      }),
    });
    const zone = appointment.consultantTimeZone ?? settings.businessTimeZone;
    const customer = cancelledMail(
      {
        to: appointment.customerEmail,
        consultantName: appointment.consultantName,
        startsAt: appointment.startsAt,
        consultantTimeZone: zone,
      },
      mailReaderOf({ language: appointment.customerLanguage, timeZone: appointment.customerTimeZone }),
      { reason, next: party === "consultant" ? "bookAnotherConsultant" : "contactUs" },
      settings.companyName,
    );
    const forCustomer = withInvitation(
      customer,
      `${appointment.consultantName ?? settings.companyName} (${settings.companyName})`,
    );
    if (party === "consultant") return [forCustomer];
    const day = longDate(appointment.appointmentDate);
    const when = `${day} at ${appointment.appointmentTime.slice(0, 5)} (${zone} time)`;
    const consultant: Mail = {
      to: appointment.consultantEmail,
      subject: `Appointment on ${day} cancelled`,
      text: [
        "Hello,",
        "",
        erased
          ? `The appointment of a customer with you on ${when} is cancelled: the customer erased their account.`
          : `The appointment of ${appointment.customerEmail} with you on ${when} is cancelled: the customer's account was removed.`,
        "",
        `Reason: ${reason}`,
        "",
        settings.companyName,
      ].join("\n"),
    };
    const forConsultant = withInvitation(
      consultant,
      `Appointment with ${erased ? "a customer" : (appointment.customerEmail ?? "a customer")}`,
    );
    return [forCustomer, forConsultant];
  });
}
