import { z } from "zod";
import { apiErrorSchema } from "./common";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";

export const liveMessages = {
  notAcceptable: "This address sends server-sent events: ask for text/event-stream",
  tooManyForSession: (max: number) =>
    `This sign-in already has ${max} live streams open: close another screen or tab first`,
  tooManyForAccount: (max: number) =>
    `This account already has ${max} live streams open: close another screen or tab first`,
} as const;

/** What one `changed` event of the live stream carries (its data line, as JSON). */
export const liveChangeSchema = z.object({
  /** The kinds of record that changed (the history's names: appointment, user, consultant, …). */
  entities: z.array(z.string()),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** The event's name in the stream. */
export const LIVE_CHANGE_EVENT = "changed";
/** Sent just before the server ends a stream that lived its time: the client's next one misses nothing. */
export const LIVE_END_EVENT = "closing";

export const liveEndpoints = {
  stream: endpoint({
    method: "GET",
    path: "/api/v2/live",
    auth: BACK_OFFICE_ROLES,
    tags: ["live"],
    summary: "Server-sent events: which kinds of record changed, seconds after anyone changes them",
    description:
      "A `text/event-stream` (ask for it in Accept). Each `changed` event's data is JSON " +
      "`{ entities: string[] }`, naming kinds of record only, never their contents: the screen that shows " +
      "them asks again. A comment line every 15 seconds keeps the connection open. The stream ends after " +
      "five minutes (announced by a `closing` event); the client connects again with its current token, " +
      "so a session that has ended stops receiving within that time.",
    query: z.object({
      token: z
        .string()
        .optional()
        .describe(
          "The access token, for a browser's EventSource (it cannot send an Authorization header); the " +
            "binding cookie is required as on every call",
        ),
    }),
    produces: ["text/event-stream"],
    responses: {
      200: z.string().describe("The event stream"),
      406: apiErrorSchema.describe(liveMessages.notAcceptable),
      429: apiErrorSchema.describe(
        "Too many live streams open: at most LIVE_STREAMS_PER_SESSION per sign-in (5 by default) and " +
          "LIVE_STREAMS_PER_ACCOUNT per account (10 by default); Retry-After says when to try again",
      ),
    },
  }),
};
