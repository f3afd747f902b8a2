import { z } from "zod";

export const roleSchema = z.enum(["Admin", "Staff", "AppUser"]);
export type Role = z.infer<typeof roleSchema>;
/** Roles that may use the back-office. */
export const BACK_OFFICE_ROLES: readonly Role[] = ["Admin", "Staff"];

export const accountStatusSchema = z.enum(["active", "pending", "rejected", "suspended"]);
export type AccountStatus = z.infer<typeof accountStatusSchema>;
