import { z } from "zod";
import { appointmentSchema } from "./appointments";
import { consultantSchema } from "./consultants";
import { userSchema } from "./users";

export { globalSearchQuerySchema } from "./lists";

/** One kind of record the global search found: the first few and how many match in all. */
const groupOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), totalIsEstimate: z.literal(true).optional() });

/** GET /api/v2/search: each kind of record, found the way its own list finds it. */
export const globalSearchSchema = z.object({
  consultants: groupOf(consultantSchema),
  appUsers: groupOf(userSchema),
  internalUsers: groupOf(userSchema),
  appointments: groupOf(appointmentSchema),
});
export type GlobalSearch = z.infer<typeof globalSearchSchema>;
