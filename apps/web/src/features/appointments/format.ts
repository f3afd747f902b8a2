import { consultantDeletionMessages } from "@visadesk/contract/consultants-constants";
import { deletedName } from "@visadesk/contract/deletion-constants";
import { formatInstant } from "@/lib/date-time";

/** The theme's default indigo shade is too light for white text (WCAG AA): actions use a darker one. */
export const ACTION_COLOR = "indigo.8";

/** Appointment dates are business-local calendar dates: format them in UTC so no time zone shifts the day. */
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

// Made once: a formatter costs far more to make than to use, and the list formats every row's date
// several times (its cell and its buttons' names).
const shortDateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const longDateFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "10 Mar 2030" for the list. */
export const shortDate = (date: string) => shortDateFormat.format(asDate(date));

/** The details show the date as a long weekday date, "Sunday, March 10, 2030". */
export const longDate = (date: string) => longDateFormat.format(asDate(date));

/**
 * The consultant as the appointment names it; a deleted consultant says so ("Amina Khan (deleted)"), so
 * a kept appointment never looks as if its consultant were still there.
 */
export const consultantLabel = (appointment: {
  consultantName: string | null;
  consultantId: string;
  consultantDeleted: boolean;
}) => {
  const name = appointment.consultantName ?? appointment.consultantId;
  return appointment.consultantDeleted ? consultantDeletionMessages.deletedName(name) : name;
};

/** The customer as the appointment names them; a deleted one says so ("sara@example.com (deleted)"). */
export const customerLabel = (appointment: { userEmail: string | null; customerDeleted: boolean }) => {
  const name = appointment.userEmail ?? "N/A";
  return appointment.customerDeleted ? deletedName(name) : name;
};

/** How staff read each attendance value. */
export const ATTENDANCE_LABELS = {
  Attended: "Attended",
  NoShow: "No-show",
  LateCancellation: "Late cancellation",
} as const;

/** "24 hours before" / "1 hour before" for a reminder's lead. */
export const reminderLead = (hours: number) => `${hours} ${hours === 1 ? "hour" : "hours"} before`;

/** "09:30" from "09:30:00". */
export const shortTime = (time: string) => time.slice(0, 5);

/** Today's date YYYY-MM-DD in the browser's time zone: the date input's minimum. */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "12 Mar 2030, 14:05 (Asia/Karachi)" for stamps and reminders (ISO instants): in the appointment's own
 * zone (the consultant's, in which its date and time are shown), named.
 */
export const stampTime = (iso: string, zone: string) => formatInstant(iso, zone);
