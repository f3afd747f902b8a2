import { z } from "zod";
import { NOTIFICATION_KINDS } from "./notifications-constants";
import { taskEntitySchema } from "./tasks";

// The server reads the zod-free parts from here too.
export * from "./notifications-constants";

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.string().describe("Derived from the cause (kind and record), so a read mark sticks across asks"),
  kind: notificationKindSchema,
  title: z.string(),
  text: z.string(),
  at: z.string().describe("When the cause arose, ISO 8601 UTC"),
  read: z.boolean(),
  link: z.object({
    path: z.string().describe("The web app's screen that deals with it"),
    records: z
      .array(z.object({ entity: taskEntitySchema, entityId: z.string() }))
      .describe("The records it concerns, by guid (the side panel shows it beside each)"),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Each kind lists its newest 50: past that, the unread count covers those only, and says so. */
const unreadIsLowerBound = z
  .boolean()
  .describe("A kind had more than the 50 it lists: there are at least `unread` unread (shown as 50+)");

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
  unreadIsLowerBound,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationReadAnswerSchema = z.object({
  unread: z.number().int(),
  unreadIsLowerBound: unreadIsLowerBound.optional(),
});

export const notificationIdParamsSchema = z.object({ id: z.string().max(120) });
