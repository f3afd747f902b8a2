import type { AuditEntry } from "@visadesk/contract/audit";
import { appUserFieldLabels, consultantFieldLabels } from "@/lib/field-labels";
import { formatCount } from "@/lib/format-number";

/**
 * Field names as the forms label them, by record kind, with the names of what only the history records; a
 * field not listed keeps a readable form of its name.
 */
const LABELS: Record<string, Record<string, string>> = {
  consultant: {
    ...consultantFieldLabels,
    timing: "Timing",
    deletedAt: "Deleted",
    cancelledAppointments: "Cancelled appointments",
    appointmentsInNewTimeZone: "Upcoming appointments in the new time zone",
    "hours.monday": "Monday hours",
    "hours.tuesday": "Tuesday hours",
    "hours.wednesday": "Wednesday hours",
    "hours.thursday": "Thursday hours",
    "hours.friday": "Friday hours",
    "hours.saturday": "Saturday hours",
    "hours.sunday": "Sunday hours",
    officeAddress: "Office address",
    timeOff: "Time off",
  },
  user: {
    ...appUserFieldLabels,
    role: "Role",
    status: "Status",
    password: "Password",
    secondFactors: "Two-step sign-in",
    sessions: "Sessions",
    signInFailures: "Failed sign-ins",
    deletedAt: "Deleted",
    cancelledAppointments: "Cancelled appointments",
  },
  note: { record: "On", text: "Text" },
  task: {
    title: "Title",
    task: "Task",
    dueDate: "Due",
    notes: "Notes",
    assignee: "Assigned to",
    record: "About",
  },
  appointment: {
    userEmail: "Customer",
    consultantName: "Consultant",
    appointmentDate: "Date",
    appointmentTime: "Time",
    description: "Description",
    supportContact: "Support contact",
    isOutsideHours: "Outside hours",
    isBookedByCustomer: "Booked by the customer",
    isConfirmed: "Confirmed",
    isCancelled: "Cancelled",
    cancellationReason: "Cancellation reason",
    isPaid: "Paid",
    attendance: "Attendance",
    reminder: "Reminder",
    failureReason: "Reason",
  },
};

/** What each action reads as in a history line. */
const ACTION_WORDS: Record<string, string> = {
  create: "created",
  update: "changed",
  delete: "deleted",
  restore: "restored",
  approve: "approved",
  reject: "rejected",
  reopen: "re-opened",
  confirm: "confirmed",
  cancel: "cancelled",
  remind: "reminder",
  bulk: "bulk change",
  export: "exported",
  "sign-in": "signed in",
  "sign-in-failed": "failed sign-in",
  "sign-out": "signed out",
  "password-reset-requested": "password reset link sent",
  "password-reset": "password reset",
  "view-cnic": "viewed a CNIC image",
  unlock: "unlocked sign-in",
  "task-create": "added a task",
  "task-update": "changed a task",
  "task-complete": "marked a task done",
  "task-reopen": "reopened a task",
  "task-delete": "deleted a task",
};
export const actionWords = (action: string) => ACTION_WORDS[action] ?? action;

/** "businessName" -> "Business name" for a field the forms do not name. */
const readable = (field: string) => {
  const words = field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
export const fieldLabel = (entity: string, field: string) => LABELS[entity]?.[field] ?? readable(field);

export interface ValueFormat {
  money: (amount: number) => string;
  /** An instant in the business time zone. */
  instant: (iso: string) => string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A stored value in words: Yes/No, fees with their currency, instants in the business zone, "none" for empty. */
export function valueText(field: string, value: unknown, format: ValueFormat): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return field === "fee" ? format.money(value) : formatCount(value);
  if (typeof value === "string") return ISO_INSTANT.test(value) ? format.instant(value) : value;
  // The record a note is on: its kind, in words.
  if (typeof value === "object" && "entity" in value) return String(value.entity);
  return JSON.stringify(value);
}

export interface ChangeLine {
  label: string;
  text: string;
}

/** The record kinds as a line names them. */
const RECORD_WORDS: Record<string, string> = { task: "Task" };

/**
 * What the row's own record was called, when the row says so and the line is read elsewhere (a task's row
 * in its record's history or in Activity): "Task 'Call embassy'".
 */
export function subjectText(entry: Pick<AuditEntry, "entity" | "subject">): string | null {
  if (!entry.subject) return null;
  return `${RECORD_WORDS[entry.entity] ?? readable(entry.entity)} '${entry.subject}'`;
}

/** Each changed field as "Label from → to" (or "Label changed" for a secret), in the order stored. */
export function changeLines(
  entry: Pick<AuditEntry, "entity" | "changes"> & { action?: AuditEntry["action"] },
  format: ValueFormat,
): ChangeLine[] {
  // A task's rows name the task's own fields (older ones were written as rows of the task's record).
  const kind = entry.action?.startsWith("task-") ? "task" : entry.entity;
  return Object.entries(entry.changes).map(([field, change]) => {
    const label = fieldLabel(kind, field);
    if (change === "changed") return { label, text: "changed" };
    // A value kept to say which task an older row is about, not a change.
    if (JSON.stringify(change.from) === JSON.stringify(change.to)) {
      return { label, text: valueText(field, change.to, format) };
    }
    if (change.from === null || change.from === undefined) {
      return { label, text: valueText(field, change.to, format) };
    }
    return {
      label,
      text: `${valueText(field, change.from, format)} → ${valueText(field, change.to, format)}`,
    };
  });
}

/** A row's changes on one line, after the name of the task it is about: "Task 'Call embassy': Due a → b". */
export function changeSummary(
  entry: Pick<AuditEntry, "entity" | "changes" | "subject"> & { action?: AuditEntry["action"] },
  format: ValueFormat,
): string {
  const changes = changeLines(entry, format)
    .map((line) => `${line.label} ${line.text}`)
    .join("; ");
  const subject = subjectText(entry);
  if (!subject) return changes;
  return changes ? `${subject}: ${changes}` : subject;
}
