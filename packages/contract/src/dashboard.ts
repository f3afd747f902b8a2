import { z } from "zod";

export * from "./dashboard-constants";

/** GET Dashboard/stats (spec section 3): counts of records that are not deleted. */
export const dashboardStatsSchema = z.object({
  consultants: z.number().int(),
  appUsers: z.number().int(),
  systemUsers: z.number().int(),
  appUserAppoints: z.number().int(),
  newUsersInMonth: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
