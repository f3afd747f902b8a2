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

/** One appointment as the dashboard lists it (times are business-local). */
export const dashboardAppointmentSchema = z.object({
  id: z.string().describe("The appointment's guid"),
  date: z.string().meta({ format: "date", description: "Business-local YYYY-MM-DD" }),
  time: z.string().describe("Business-local HH:MM"),
  customer: z.string(),
  customerEmail: z.string().nullable(),
  consultant: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  isPaid: z.boolean(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int().describe("All that match; data holds the first few"),
  });

export const dashboardWeekSchema = z.object({
  weekStart: z
    .string()
    .meta({ format: "date", description: "The Monday that starts the week, business-local YYYY-MM-DD" }),
  Pending: z.number().int(),
  Confirmed: z.number().int(),
  Cancelled: z.number().int(),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

/** GET Dashboard/overview: what needs doing, in one answer. */
export const dashboardOverviewSchema = z.object({
  today: dashboardAppointmentSchema.array().describe("Today's appointments by time (at most 50)"),
  todayTotal: z.number().int().describe("How many appointments today has, counted exactly"),
  awaitingConfirmation: listOf(dashboardAppointmentSchema).describe(
    "Upcoming, not yet confirmed, soonest first",
  ),
  unpaidPast: listOf(dashboardAppointmentSchema).describe("Past, confirmed but not paid, most recent first"),
  registrationsWaiting: listOf(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      createdAt: timestampSchema,
    }),
  )
    .nullable()
    .describe("Internal accounts waiting for approval, oldest first; null for Staff"),
  myTasks: listOf(taskSchema).describe("The caller's open tasks, overdue first"),
  weeks: dashboardWeekSchema
    .array()
    .describe("Appointments per week by status, the last 12 weeks, oldest first"),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
