import { z } from "zod";
import { appointmentSchema } from "./appointments";
import { pageSchema } from "./common";
import { consultantSchema } from "./consultants";
import { userSchema } from "./users";

export { globalSearchQuerySchema } from "./lists";

/**
 * GET /api/v2/search: each kind of record, found the way its own list finds it; each group in the list
 * envelope: the first few (data) and how many match in all (total, estimated past a thousand).
 */
export const globalSearchSchema = z.object({
  consultants: pageSchema(consultantSchema),
  appUsers: pageSchema(userSchema),
  internalUsers: pageSchema(userSchema),
  appointments: pageSchema(appointmentSchema),
});
export type GlobalSearch = z.infer<typeof globalSearchSchema>;
