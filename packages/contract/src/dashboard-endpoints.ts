import { dashboardOverviewSchema, dashboardStatsSchema } from "./dashboard";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["dashboard"];

/** The dashboard's figures. */
export const dashboardEndpoints = {
  stats: endpoint({
    method: "GET",
    path: "/api/v2/Dashboard/stats",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "The dashboard's counts (consultants, app users, appointments)",
    description:
      "Exact counts of listed records (deleted ones left out): consultants, app users, internal users, " +
      "appointments, and app users who joined this month.",
    responses: { 200: dashboardStatsSchema },
  }),
  overview: endpoint({
    method: "GET",
    path: "/api/v2/Dashboard/overview",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "What needs doing: today's appointments, those to confirm or to be paid, tasks, 12 weeks",
    description:
      "Registrations waiting are answered to Admins only (null for Staff). Lists hold their first 10 " +
      "with the total; today's appointments at most 50.",
    responses: { 200: dashboardOverviewSchema },
  }),
};
