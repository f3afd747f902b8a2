import { z } from "zod";

/**
 * GET settings/public: what the shell shows before and after sign-in (the footer's company), and the
 * currency of fees (an ISO 4217 code, e.g. PKR), and the business time zone that forms offer as the default
 * zone of a new consultant.
 */
export const publicSettingsSchema = z.object({
  companyName: z.string(),
  companyUrl: z.string(),
  currency: z.string(),
  businessTimeZone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
