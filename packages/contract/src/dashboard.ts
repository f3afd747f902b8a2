import { z } from "zod";
import { APPOINTMENT_STATUSES } from "./appointments-constants";
import { timestampSchema } from "./common";
import { taskSchema } from "./tasks";

/** GET Dashboard/stats: counts of records that are not deleted. */
export const dashboardStatsSchema = z.object({
  consultants: z.number().int(),
  appUsers: z.number().int(),
  systemUsers: z.number().int(),
  appUserAppoints: z.number().int(),
  newUsersInMonth: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The first few of each list of the overview, today's most, and the weeks it counts. */
export const DASHBOARD_FIRST_FEW = 10;
export const DASHBOARD_TODAY_MAX = 50;
export const DASHBOARD_WEEKS = 12;
/**
 * A person's or a consultant's name as listed: at most 201 characters (a first and a last name of 100 each,
 * or a consultant's 200), and " (deleted)" after a removed one's.
 */
const listedName = z.string().max(211);

/** One appointment as the dashboard lists it (times are business-local). */
export const dashboardAppointmentSchema = z.object({
  id: z.string().max(36).describe("The appointment's guid"),
  date: z.string().max(10).meta({ format: "date", description: "Business-local YYYY-MM-DD" }),
  time: z.string().max(8).describe("Business-local HH:MM"),
  customer: listedName,
  customerEmail: z.string().max(200).nullable(),
  consultant: listedName,
  status: z.enum(APPOINTMENT_STATUSES),
  isPaid: z.boolean(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item).max(DASHBOARD_FIRST_FEW),
    total: z.number().int().describe("All that match; data holds the first few"),
  });

export const dashboardWeekSchema = z.object({
  weekStart: z
    .string()
    .max(10)
    .meta({ format: "date", description: "The Monday that starts the week, business-local YYYY-MM-DD" }),
  Pending: z.number().int(),
  Confirmed: z.number().int(),
  Cancelled: z.number().int(),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

/** GET Dashboard/overview: what needs doing, in one answer. */
export const dashboardOverviewSchema = z.object({
  today: dashboardAppointmentSchema
    .array()
    .max(DASHBOARD_TODAY_MAX)
    .describe("Today's appointments by time (at most 50)"),
  todayTotal: z.number().int().describe("How many appointments today has, counted exactly"),
  awaitingConfirmation: listOf(dashboardAppointmentSchema).describe(
    "Upcoming, not yet confirmed, soonest first",
  ),
  unpaidPast: listOf(dashboardAppointmentSchema).describe("Past, confirmed but not paid, most recent first"),
  registrationsWaiting: listOf(
    z.object({
      id: z.string().max(36),
      name: listedName,
      email: z.string().max(200),
      role: z.string().max(20),
      createdAt: timestampSchema,
    }),
  )
    .nullable()
    .describe("Internal accounts waiting for approval, oldest first; null for Staff"),
  myTasks: listOf(taskSchema).describe("The caller's open tasks, overdue first"),
  weeks: dashboardWeekSchema
    .array()
    .max(DASHBOARD_WEEKS)
    .describe("Appointments per week by status, the last 12 weeks, oldest first"),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
