import { z } from "zod";
import { timestampSchema } from "./common";
import { roleSchema } from "./roles";
import { userSchema } from "./users";

/** GET account: the signed-in person's own profile. */
export const myAccountSchema = userSchema
  .pick({
    guidId: true,
    userName: true,
    email: true,
    firstName: true,
    lastName: true,
    phoneNumber: true,
    profilePic: true,
  })
  .extend({
    roles: z.array(roleSchema),
    /** True until a one-time password has been replaced: nothing else works until then. */
    passwordChangeRequired: z.boolean(),
  });
export type MyAccount = z.infer<typeof myAccountSchema>;

/** GET account/sessions: one signed-in session of mine. */
export const mySessionSchema = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent ("Chrome 131 on Linux"). */
  device: z.string(),
  address: z.string().nullable(),
  startedAt: timestampSchema,
  lastSeenAt: timestampSchema,
  /** The session this request came from. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** PUT User/users/{id}/role. */
export const roleBodySchema = z.object({
  role: z.enum(["Admin", "Staff"], { error: "Role must be Admin or Staff" }),
});
