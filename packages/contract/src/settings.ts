import { z } from "zod";

/** GET settings/public: what the shell shows before and after sign-in (the footer's company). */
export const publicSettingsSchema = z.object({
  companyName: z.string(),
  companyUrl: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
