import type { Executor } from "#api/db/schema";

/** An appointment notification's columns: when it is, who comes and to whom (its text and its link). */
const APPOINTMENT_PEOPLE = [
  "appointments.guidId",
  "appointments.appointmentDate",
  "appointments.appointmentTime",
  "appointments.userEmail",
  "users.guidId as userGuidId",
  "users.userName",
  "users.firstName",
  "users.lastName",
  "consultants.guidId as consultantGuidId",
] as const;

/** Internal accounts waiting for an Admin's decision, newest first. */
export function pendingRegistrations(db: Executor, limit: number) {
  return db
    .selectFrom("users")
    .select(["guidId", "userName", "firstName", "lastName", "email", "role", "createdAt"])
    .where("status", "=", "pending")
    .where("role", "<>", "AppUser")
    .where("deletedAt", "is", null)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}

/** Appointments neither confirmed nor cancelled, with who comes, to whom, and when each was booked. */
const awaitingConfirmation = (db: Executor) =>
  db
    .selectFrom("appointments")
    .innerJoin("users", "users.id", "appointments.userId")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select([...APPOINTMENT_PEOPLE, "appointments.createdAt", "consultants.name as consultantName"])
    .where("appointments.isConfirmed", "=", false)
    .where("appointments.isCancelled", "=", false);

/** Appointments customers booked themselves, still ahead and awaiting confirmation, newest first. */
export function openCustomerBookings(db: Executor, from: string, limit: number) {
  return awaitingConfirmation(db)
    .where("appointments.isBookedByCustomer", "=", true)
    .where("appointments.startsAt", ">=", from)
    .orderBy("appointments.createdAt", "desc")
    .limit(limit)
    .execute();
}

/** Appointments starting in [from, to) that are neither confirmed nor cancelled, soonest first. */
export function unconfirmedAppointments(db: Executor, from: string, to: string, limit: number) {
  return awaitingConfirmation(db)
    .where("appointments.startsAt", ">=", from)
    .where("appointments.startsAt", "<", to)
    .orderBy("appointments.startsAt", "asc")
    .limit(limit)
    .execute();
}

/** Reminder mails that failed for good, of appointments not cancelled starting from `since`, newest first. */
export function failedReminders(db: Executor, since: string, limit: number) {
  return db
    .selectFrom("appointmentReminders")
    .innerJoin("appointments", "appointments.id", "appointmentReminders.appointmentId")
    .innerJoin("users", "users.id", "appointments.userId")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select([
      "appointmentReminders.id",
      "appointmentReminders.nextAttemptAt",
      "appointmentReminders.failureReason",
      ...APPOINTMENT_PEOPLE,
    ])
    .where("appointmentReminders.state", "=", "failed")
    .where("appointments.isCancelled", "=", false)
    .where("appointments.startsAt", ">=", since)
    .orderBy("appointmentReminders.nextAttemptAt", "desc")
    .limit(limit)
    .execute();
}

/** Open tasks of an assignee that someone else gave them or that are due on `today`, newest first. */
export function openTasksToTell(db: Executor, assigneeId: number, today: string, limit: number) {
  return db
    .selectFrom("tasks")
    .innerJoin("users as creator", "creator.id", "tasks.createdById")
    .select([
      "tasks.guidId",
      "tasks.title",
      "tasks.dueDate",
      "tasks.createdById",
      "tasks.createdAt",
      "tasks.entity",
      "tasks.entityId",
      "creator.userName",
      "creator.firstName",
      "creator.lastName",
    ])
    .where("tasks.assigneeId", "=", assigneeId)
    .where("tasks.isDone", "=", false)
    .where((eb) => eb.or([eb("tasks.createdById", "<>", assigneeId), eb("tasks.dueDate", "=", today)]))
    .orderBy("tasks.createdAt", "desc")
    .limit(limit)
    .execute();
}

/** Which of these notifications the user has marked read. */
export async function readMarks(db: Executor, userId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("notificationReads")
    .select("notificationId")
    .where("userId", "=", userId)
    .where("notificationId", "in", ids)
    .execute();
  return new Set(rows.map((row) => row.notificationId));
}

/** Marks notifications read; one already marked keeps its first mark. */
export async function insertReadMarks(db: Executor, userId: number, ids: string[], readAt: string) {
  if (ids.length === 0) return;
  await db
    .insertInto("notificationReads")
    .values(ids.map((notificationId) => ({ userId, notificationId, readAt })))
    .onConflict((oc) => oc.columns(["userId", "notificationId"]).doNothing())
    .execute();
}
