import { z } from "zod";

/** GET /api/health: whether the API can reach its database (200 ok, 503 unreachable); never a secret. */
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
  /** Said only when the database is unreachable. */
  message: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: a constant answer with no database (liveness, and the benchmark's baseline). */
export const livenessSchema = z.object({ status: z.literal("ok") });
