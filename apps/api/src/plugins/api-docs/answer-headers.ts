/**
 * The headers of the documents' answers (every answer's request id, a limited route's X-RateLimit-*, a
 * refusal's Retry-After), declared once in the components, and the If-Match header a versioned write reads.
 */

/** The headers every answer has, and the ones some answers add; declared once in the document's components. */
export const answerHeaderComponents = {
  RequestId: {
    description: "The id of this request in the server's log (quote it when reporting a problem)",
    // A UUID, or the id a trusted proxy sent (lib/request-id.ts).
    schema: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$", maxLength: 64 },
  },
  RetryAfter: {
    description: "Seconds to wait before trying again",
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 86_400 },
  },
  RateLimitLimit: {
    description: "How many requests this operation takes from one caller in the current window",
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 1_000_000 },
  },
  RateLimitRemaining: {
    description: "How many of them are left in the current window",
    schema: { type: "integer", format: "int32", minimum: 0, maximum: 1_000_000 },
  },
  RateLimitReset: {
    description: "Seconds until the current window ends and the count starts again",
    schema: { type: "integer", format: "int32", minimum: 0, maximum: 86_400 },
  },
} as const;
export const requestIdHeader = { "x-request-id": { $ref: "#/components/headers/RequestId" } };
export const retryAfterHeader = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
/**
 * The headers the rate limiter (plugins/security.ts) adds to every answer of a route that declares
 * config.rateLimit, the refusals included; a 429 of the limiter adds Retry-After.
 */
export const rateLimitHeaders = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/RateLimitLimit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
};

/** A request header every operation that takes a record's `version` also reads. */
export const ifMatchParameter = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    'The version of the record this change was based on, as an entity tag ("3" or W/"3"), instead of or ' +
    "beside the body's version; a 409 when the record changed since. `*` or no header: no check.",
  schema: { type: "string", example: '"3"' },
};
