import { appointmentStatus } from "@visadesk/contract/appointments-constants";
import {
  DASHBOARD_FIRST_FEW,
  DASHBOARD_TODAY_MAX,
  DASHBOARD_WEEKS,
  type DashboardAppointment,
  type DashboardOverview,
  type DashboardWeek,
} from "@visadesk/contract/dashboard";
import { deletedName } from "@visadesk/contract/deletion-constants";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "#api/db/database";
import { APPOINTMENT_PENDING, APPOINTMENT_UNPAID } from "#api/db/migrations/017-tasks-and-notifications";
import { type Clock, localDate } from "#api/lib/clock";
import { appointmentWindow } from "#api/lib/schedule";
import type { AuthUser } from "#api/modules/auth/auth-user";
import {
  countAppointments,
  countAppointmentsByFlags,
  countAppointmentsStarting,
  type DashboardAppointmentRow,
  dashboardAppointments,
} from "../appointments/queries";
import { personName, type TaskService } from "../tasks/service";
import { countWaitingRegistrations, waitingRegistrations } from "../users/queries";

/** Each list shows this many; its total says how many there are. */
const FIRST_FEW = DASHBOARD_FIRST_FEW;
const TODAY_MAX = DASHBOARD_TODAY_MAX;
const WEEKS = DASHBOARD_WEEKS;
const DAY_MS = 86_400_000;

/** Adds days to a calendar date YYYY-MM-DD. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The dashboard's "what needs doing" in one answer. Every part is read through an index (migration 017's
 * start-time and partial indexes, users_pending_internal, tasks_by_assignee) and capped, so it costs the
 * same at 100k appointments as at 100.
 */
export function createOverviewService(deps: {
  db: Db;
  clock: Pick<Clock, "now">;
  businessTimeZone: string;
  tasks: TaskService;
}) {
  const { kysely, dialect } = deps.db;
  const zone = deps.businessTimeZone;
  const midnight = (date: string) => appointmentWindow(date, "00:00:00", zone).startsAt;
  const pending = sql.raw(APPOINTMENT_PENDING[dialect]);
  const unpaid = sql.raw(APPOINTMENT_UNPAID[dialect]);

  const toItem = (row: DashboardAppointmentRow): DashboardAppointment => ({
    id: row.guidId,
    date: row.appointmentDate,
    time: row.appointmentTime.slice(0, 5),
    // A party deleted while its appointments were kept says so, as the appointment screens do.
    customer: row.customerDeletedAt ? deletedName(personName(row)) : personName(row),
    customerEmail: row.userEmail,
    consultant: row.consultantDeletedAt ? deletedName(row.consultantName) : row.consultantName,
    status: appointmentStatus({
      isConfirmed: Boolean(row.isConfirmed),
      isCancelled: Boolean(row.isCancelled),
    }),
    isPaid: Boolean(row.isPaid),
  });
  /**
   * The first few appointments that meet a condition and start before or from a moment, nearest that moment
   * first, with how many there are in all.
   */
  async function firstFewAndTotal(
    condition: RawBuilder<unknown>,
    side: ">=" | "<",
    moment: string,
    order: "asc" | "desc",
  ): Promise<{ data: DashboardAppointment[]; total: number }> {
    const [rows, total] = await Promise.all([
      dashboardAppointments(kysely)
        .where(sql<boolean>`${condition}`)
        .where("appointments.startsAt", side, moment)
        .orderBy("appointments.startsAt", order)
        .orderBy("appointments.id", order)
        .limit(FIRST_FEW)
        .execute(),
      countAppointments(kysely, condition, side, moment),
    ]);
    return { data: rows.map(toItem), total };
  }

  async function weeks(today: string): Promise<DashboardWeek[]> {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const thisMonday = plusDays(today, -weekday);
    const starts = Array.from({ length: WEEKS }, (_, index) => plusDays(thisMonday, (index - WEEKS + 1) * 7));
    return Promise.all(
      starts.map(async (weekStart) => {
        const rows = await countAppointmentsByFlags(
          kysely,
          midnight(weekStart),
          midnight(plusDays(weekStart, 7)),
        );
        const week: DashboardWeek = { weekStart, Pending: 0, Confirmed: 0, Cancelled: 0 };
        for (const row of rows) {
          const status = appointmentStatus({
            isConfirmed: Boolean(row.isConfirmed),
            isCancelled: Boolean(row.isCancelled),
          });
          week[status] += Number(row.count);
        }
        return week;
      }),
    );
  }

  return {
    async overview(user: AuthUser): Promise<DashboardOverview> {
      const now = deps.clock.now();
      const nowText = now.toISOString();
      const today = localDate(now, zone);
      const admin = user.role === "Admin";
      const [
        todays,
        todayTotal,
        awaitingConfirmation,
        unpaidPast,
        registrations,
        registrationTotal,
        myTasks,
        perWeek,
      ] = await Promise.all([
        dashboardAppointments(kysely)
          .where("appointments.startsAt", ">=", midnight(today))
          .where("appointments.startsAt", "<", midnight(plusDays(today, 1)))
          .orderBy("appointments.startsAt", "asc")
          .orderBy("appointments.id", "asc")
          .limit(TODAY_MAX)
          .execute(),
        // The list stops at 50; its total does not.
        countAppointmentsStarting(kysely, midnight(today), midnight(plusDays(today, 1))),
        firstFewAndTotal(pending, ">=", nowText, "asc"),
        firstFewAndTotal(unpaid, "<", nowText, "desc"),
        admin ? waitingRegistrations(kysely, FIRST_FEW) : Promise.resolve([]),
        admin ? countWaitingRegistrations(deps.db) : Promise.resolve(0),
        deps.tasks.list(user, { status: "open", pageSize: FIRST_FEW }),
        weeks(today),
      ]);
      return {
        today: todays.map(toItem),
        todayTotal,
        awaitingConfirmation,
        unpaidPast,
        registrationsWaiting: admin
          ? {
              data: registrations.map((row) => ({
                id: row.guidId,
                name: personName(row),
                email: row.email,
                role: row.role,
                createdAt: row.createdAt,
              })),
              total: registrationTotal,
            }
          : null,
        myTasks: { data: myTasks.data, total: myTasks.total },
        weeks: perWeek,
      };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
