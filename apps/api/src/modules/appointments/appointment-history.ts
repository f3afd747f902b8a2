/** The appointment's fields its history records. */
export const AUDITED_FIELDS = [
  "userEmail",
  "consultantName",
  "appointmentDate",
  "appointmentTime",
  "description",
  "supportContact",
  "isOutsideHours",
  "isBookedByCustomer",
  "isConfirmed",
  "isCancelled",
  "cancellationReason",
  "isPaid",
  "attendance",
] as const;
export type AuditedFields = Partial<Record<(typeof AUDITED_FIELDS)[number], unknown>>;

/** The action an edit is recorded as: a cancel or a confirmation by name, anything else an update. */
export function editAction(before: AuditedFields, after: AuditedFields) {
  if (after.isCancelled && !before.isCancelled) return "cancel" as const;
  if (after.isConfirmed && !before.isConfirmed) return "confirm" as const;
  return "update" as const;
}
