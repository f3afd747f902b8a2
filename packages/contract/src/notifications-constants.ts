// Notifications without their schemas (and so without zod): what the screens say and the kinds.

export const notificationMessages = {
  notFound: "No such notification: it may have cleared already",
  loadFailed: "Failed to load notifications",
} as const;

/** What caused a notification; each kind clears when its cause is gone. */
export const NOTIFICATION_KINDS = [
  "registration",
  "customer-booking",
  "appointment-unconfirmed",
  "reminder-failed",
  "task-assigned",
  "task-due",
] as const;
