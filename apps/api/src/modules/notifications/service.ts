import type { Notification, NotificationList } from "@visadesk/contract/notifications";
import { notificationMessages } from "@visadesk/contract/notifications";
import type { TaskEntity } from "@visadesk/contract/tasks";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { NotFound } from "#api/lib/errors";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { failedReminders, openCustomerBookings, unconfirmedAppointments } from "../appointments/queries";
import { openTasksToTell } from "../tasks/queries";
import { personName } from "../tasks/service";
import { pendingRegistrations } from "../users/queries";
import { insertReadMarks, readMarks } from "./repository";

/** At most this many notifications of each kind, the newest (nobody reads further in a bell). */
const PER_KIND = 50;
const DAY_MS = 86_400_000;

type Unread = Omit<Notification, "read">;
const record = (entity: TaskEntity, entityId: string) => ({ entity, entityId });
const hhmm = (time: string) => time.slice(0, 5);
const appointmentsPath = (search: string | null) =>
  search ? `/user-appointments?${new URLSearchParams({ search })}` : "/user-appointments";

/** Where a notification about an appointment leads, and the records it is about (the side panel's match). */
const appointmentLink = (row: {
  guidId: string;
  userEmail: string | null;
  userGuidId: string;
  consultantGuidId: string;
}) => ({
  path: appointmentsPath(row.userEmail),
  records: [
    record("appointment", row.guidId),
    record("user", row.userGuidId),
    record("consultant", row.consultantGuidId),
  ],
});

/**
 * Notifications are not stored: each ask derives them from the data, so one disappears as soon as its
 * cause is gone (the registration decided, the appointment confirmed or cancelled, the task done). Their
 * ids are made of their cause, so a read mark (notification_reads) keeps applying on every later ask.
 */
export function createNotificationService(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const { kysely } = deps.db;

  /** The first PER_KIND of a kind's rows (asked for one more), noting when there were more. */
  const firstOf = <R>(rows: R[], capped: { more: boolean }, limit = PER_KIND) => {
    if (rows.length > limit) capped.more = true;
    return rows.slice(0, limit);
  };

  /** The notifications of now, and whether a kind had more than it lists (the bell then says "50+"). */
  async function current(user: AuthUser): Promise<{ items: Unread[]; more: boolean }> {
    const capped = { more: false };
    const now = deps.clock.now();
    const nowText = now.toISOString();
    const today = localDate(now, deps.config.businessTimeZone);
    const items: Unread[] = [];

    if (user.role === "Admin") {
      const pending = firstOf(await pendingRegistrations(kysely, PER_KIND + 1), capped);
      for (const row of pending) {
        items.push({
          id: `registration.${row.guidId}`,
          kind: "registration",
          title: "Registration waiting for approval",
          text: `${personName(row)} (${row.email}) asks for a ${row.role} account.`,
          at: row.createdAt,
          link: {
            path: `/internal-users/${row.guidId}`,
            records: [record("user", row.guidId)],
          },
        });
      }
    }

    const booked = firstOf(await openCustomerBookings(kysely, nowText, PER_KIND + 1), capped);
    for (const row of booked) {
      items.push({
        id: `customer-booking.${row.guidId}`,
        kind: "customer-booking",
        title: `New booking from ${personName(row)}`,
        text: `${personName(row)} booked ${row.consultantName} on ${row.appointmentDate} at ${hhmm(row.appointmentTime)}; it waits for confirmation.`,
        at: row.createdAt,
        link: appointmentLink(row),
      });
    }

    const soon = firstOf(
      await unconfirmedAppointments(
        kysely,
        nowText,
        new Date(now.getTime() + DAY_MS).toISOString(),
        PER_KIND + 1,
      ),
      capped,
    );
    for (const row of soon) {
      items.push({
        id: `appointment-unconfirmed.${row.guidId}`,
        kind: "appointment-unconfirmed",
        title: "Appointment not confirmed",
        text: `${personName(row)} with ${row.consultantName} on ${row.appointmentDate} at ${hhmm(row.appointmentTime)} is still unconfirmed.`,
        at: row.createdAt,
        link: appointmentLink(row),
      });
    }

    // Of appointments still ahead or of the last day: an old failure is no longer anyone's to act on.
    const failed = firstOf(
      await failedReminders(kysely, new Date(now.getTime() - DAY_MS).toISOString(), PER_KIND + 1),
      capped,
    );
    for (const row of failed) {
      items.push({
        id: `reminder-failed.${row.id}`,
        kind: "reminder-failed",
        title: "Reminder mail failed",
        text: `The reminder to ${personName(row)} for ${row.appointmentDate} at ${hhmm(row.appointmentTime)} was not sent${row.failureReason ? `: ${row.failureReason}` : "."}`,
        at: row.nextAttemptAt,
        link: appointmentLink(row),
      });
    }

    const tasks = firstOf(
      await openTasksToTell(kysely, user.id, today, PER_KIND * 2 + 1),
      capped,
      PER_KIND * 2,
    );
    for (const row of tasks) {
      const records = row.entity && row.entityId ? [record(row.entity as TaskEntity, row.entityId)] : [];
      if (row.createdById !== user.id) {
        items.push({
          id: `task-assigned.${row.guidId}`,
          kind: "task-assigned",
          title: "Task assigned to you",
          text: `${personName(row)} assigned you “${row.title}”, due ${row.dueDate}.`,
          at: row.createdAt,
          link: { path: "/home", records },
        });
      }
      if (row.dueDate === today) {
        items.push({
          id: `task-due.${row.guidId}.${today}`,
          kind: "task-due",
          title: "Task due today",
          text: `“${row.title}” is due today.`,
          // Due since the day began; the task's own creation if that was later.
          at: row.createdAt > `${today}T00:00:00.000Z` ? row.createdAt : `${today}T00:00:00.000Z`,
          link: { path: "/home", records },
        });
      }
    }
    items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id.localeCompare(b.id)));
    return { items, more: capped.more };
  }

  async function withReadMarks(
    user: AuthUser,
    { items, more }: { items: Unread[]; more: boolean },
  ): Promise<NotificationList> {
    const read = await readMarks(
      kysely,
      user.id,
      items.map((item) => item.id),
    );
    const data = items.map((item) => ({ ...item, read: read.has(item.id) }));
    return { data, unread: data.filter((item) => !item.read).length, unreadIsLowerBound: more };
  }

  async function markRead(user: AuthUser, ids: string[]) {
    await insertReadMarks(kysely, user.id, ids, deps.clock.now().toISOString());
  }

  return {
    async list(user: AuthUser): Promise<NotificationList> {
      return withReadMarks(user, await current(user));
    },
    async read(user: AuthUser, id: string): Promise<{ unread: number; unreadIsLowerBound: boolean }> {
      const now = await current(user);
      if (!now.items.some((item) => item.id === id)) throw new NotFound(notificationMessages.notFound);
      await markRead(user, [id]);
      const { unread, unreadIsLowerBound } = await withReadMarks(user, now);
      return { unread, unreadIsLowerBound };
    },
    async readAll(user: AuthUser): Promise<{ unread: number }> {
      await markRead(
        user,
        (await current(user)).items.map((item) => item.id),
      );
      return { unread: 0 };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
