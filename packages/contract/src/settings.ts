import { z } from "zod";

/**
 * GET settings/public: what the shell shows before and after sign-in (the footer's company), and the
 * currency of fees (an ISO 4217 code, e.g. PKR).
 */
export const publicSettingsSchema = z.object({
  companyName: z.string(),
  companyUrl: z.string(),
  currency: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
