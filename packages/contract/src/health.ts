import { z } from "zod";

/**
 * GET /api/health: whether this instance should get traffic. 200 ok; 503 when the database is unreachable or
 * the instance is saturated (busy: requests wait for a database connection). `database` is said when the
 * check asked it. Never a secret.
 */
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable", "busy"]),
  database: z.enum(["ok", "unreachable"]).optional(),
  /** Said whenever the status is not ok. */
  message: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: a constant answer with no database (liveness, and the benchmark's baseline). */
export const livenessSchema = z.object({ status: z.literal("ok") });
