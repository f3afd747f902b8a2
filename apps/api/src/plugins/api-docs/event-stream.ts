import type { Json } from "./json";

/**
 * The success answer of a route that sends server-sent events, as the documents write it: its media type
 * text/event-stream, what the stream is, and an example of its text as the server writes it. Any route
 * whose declaration `produces` text/event-stream is documented so; it names its events in its route config
 * (`streamEvents`), which the example and the description are made from.
 */

export const EVENT_STREAM = "text/event-stream";

/** One kind of event a stream sends: its name, what it tells, and the JSON of an example's data line. */
export interface StreamEvent {
  event: string;
  description: string;
  data: unknown;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A server-sent events route: the events it sends, for the document (eventStreamAnswer). */
    streamEvents?: readonly StreamEvent[];
  }
}

/** The stream's text with one of each event, as the server writes them (`event:`, `data:`, a blank line). */
export const eventStreamExample = (events: readonly StreamEvent[]) =>
  events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");

/** The 2xx answer of an event stream: what it sends, its media type and an example of its text. */
export function eventStreamAnswer(events: readonly StreamEvent[]): Json {
  const named = events.map(({ event, description }) => `\`${event}\` (${description})`).join(", ");
  return {
    description:
      "A stream of server-sent events that stays open" +
      (named ? `: ${named}` : "") +
      "; a comment line now and then keeps the connection open",
    content: {
      [EVENT_STREAM]: {
        // No JSON schema fits a stream: each event is lines of text, its `data:` line JSON.
        schema: {
          description:
            "Server-sent events (HTML standard, text/event-stream): per event an `event:` line and a `data:` " +
            "line of JSON, then a blank line; lines starting with `:` are comments",
        },
        example: eventStreamExample(events),
      },
    },
  };
}
