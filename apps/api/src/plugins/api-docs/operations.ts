import { serverMessages } from "@visadesk/contract/common-constants";
import { ERROR_CODE_PATTERN, errorCodeOf, generalErrorCodes } from "@visadesk/contract/error-codes";
import type { RouteOptions } from "fastify";
import { z } from "zod";
import { fieldErrorsOf } from "#api/lib/errors";

/**
 * What the API documents say of each operation beyond its schemas: its operationId, its security, each error
 * answer the shared plugins can give (in the product's one error shape, with its real message; a 400 with
 * the operation's own refusal), and the headers that come with the answers.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** Headers of the success answer beyond every answer's (from the endpoint's declaration), for the document. */
    answerHeaders?: Readonly<Record<string, string>>;
    /** The endpoint's own refusals by status, as messages (from its declaration), for the document's examples. */
    refusals?: Readonly<Record<number, readonly string[]>>;
  }
}

export type Json = Record<string, unknown>;
export type Operation = Json & {
  responses?: Record<string, Json>;
  parameters?: Json[];
  requestBody?: unknown;
};

/** What the document needs to know of each route beyond its schema, recorded as routes are added. */
interface RouteFacts {
  public: boolean;
  rateLimited: boolean;
  /** What this route answers to a request its schemas refuse. */
  refusal: Json;
  /** Headers of its success answer beyond the ones every answer has (a cookie a sign-in sets). */
  answerHeaders?: Readonly<Record<string, string>>;
  /** Its own refusals by status, each a message the server answers. */
  refusals?: Readonly<Record<number, readonly string[]>>;
}
const routeFacts = new Map<string, RouteFacts>();

/** Fastify's "/api/v2/User/users/:id" as OpenAPI writes it: "/api/v2/User/users/{id}". */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** For app.addHook("onRoute", ...): keeps the facts the document needs. */
export function recordRouteForDocs(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const config = route.config ?? {};
  for (const method of methods) {
    routeFacts.set(`${method.toLowerCase()} ${openApiPath(route.url)}`, {
      public: config.auth === "public" || config.auth === undefined,
      rateLimited: config.rateLimit !== undefined,
      refusal: refusalExample(route.schema as RouteSchemas | undefined, route.url),
      ...(config.answerHeaders ? { answerHeaders: config.answerHeaders } : {}),
      ...(config.refusals ? { refusals: config.refusals } : {}),
    });
  }
}

interface RouteSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

/**
 * A 400 this operation really answers: its body sent empty, else its query sent empty, else each path
 * parameter sent as "x", refused by its own schema with the same messages; else (nothing it reads can be
 * refused by a schema) a NUL character in the query, which the input guard refuses everywhere.
 */
export function refusalExample(schemas: RouteSchemas | undefined, url: string): Json {
  const content = (schemas?.body as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
  const body = content
    ? (content["application/json"] ?? content["multipart/form-data"])?.schema
    : schemas?.body;
  const params = Object.fromEntries([...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [name, "x"]));
  const tries: Array<[unknown, unknown]> = [
    [body, {}],
    [schemas?.querystring, {}],
    [schemas?.params, params],
  ];
  for (const [schema, input] of tries) {
    if (!(schema instanceof z.ZodType)) continue;
    const result = schema.safeParse(input);
    if (!result.success) {
      const fieldErrors = fieldErrorsOf(result.error.issues);
      return {
        message: Object.values(fieldErrors)[0],
        code: generalErrorCodes.validation,
        error: "Bad Request",
        fieldErrors,
      };
    }
  }
  return {
    message: serverMessages.nulCharacter,
    code: generalErrorCodes.validation,
    error: "Bad Request",
    fieldErrors: { q: serverMessages.nulCharacter },
  };
}

const errorSchemaRef = { $ref: "#/components/schemas/Error" };

/** Each error status the shared plugins can answer, with its meaning and the product's message. */
const errorAnswers: Record<string, { description: string; example?: Json }> = {
  // Its example is the operation's own (refusalExample).
  "400": {
    description: "The request is not valid: fieldErrors names each field and what is wrong with it",
  },
  "401": {
    description:
      "No valid session: the access token (and, on the back-office API, its token_binding cookie) is missing, wrong or expired",
    example: { message: serverMessages.notSignedIn, error: "Unauthorized" },
  },
  "403": {
    description: "Signed in, but the account's role may not do this",
    example: { message: serverMessages.forbidden, error: "Forbidden" },
  },
  "404": {
    description: "No such record (or it was deleted)",
    example: { message: serverMessages.notFound, error: "Not Found" },
  },
  "409": {
    description: "The request conflicts with the record's current state",
  },
  "413": {
    description: "The body or an uploaded file is too large",
    example: { message: serverMessages.fileTooLarge, error: "Payload Too Large" },
  },
  "414": {
    description: "A path parameter is longer than any id or file name",
    example: { message: serverMessages.urlTooLong, error: "URI Too Long" },
  },
  "415": {
    description: "The body is not of a type this operation reads",
    example: { message: serverMessages.unsupportedContentType, error: "Unsupported Media Type" },
  },
  "429": {
    description: "Too many attempts from this address or for this account; Retry-After says when to retry",
    example: { message: serverMessages.rateLimited, error: "Too Many Requests" },
  },
  "500": {
    description: "Something failed on the server (details are logged, never sent)",
    example: { message: serverMessages.internal, error: "Internal Server Error" },
  },
  "503": {
    description:
      "The database cannot be reached, or this instance is saturated (every database connection busy); Retry-After says when to retry",
    example: { message: serverMessages.databaseUnavailable, error: "Service Unavailable" },
  },
};

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
const requestIdHeader = { "x-request-id": { $ref: "#/components/headers/RequestId" } };
const retryAfterHeader = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
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

/** An example answer in the error shape: the message with its code (as the server finds it). */
const withCode = (status: string, example: Json): Json =>
  typeof example.code === "string"
    ? example
    : { message: example.message, code: errorCodeOf(String(example.message), Number(status)), ...example };

/**
 * The examples of an error answer: the operation's own refusals of that status when its declaration names
 * them (one example each, named by its code), else the shared plugins' one (a 409 of a versioned record:
 * its version is stale).
 */
function examplesOf(
  status: string,
  refusal: Json,
  own: readonly string[] | undefined,
  versioned: boolean,
): Json {
  if (own && own.length > 0) {
    const values = own.map((message) => withCode(status, { message }));
    if (values.length === 1) return { example: values[0] };
    return {
      examples: Object.fromEntries(
        values.map((value) => [value.code, { summary: String(value.message), value }]),
      ),
    };
  }
  const raw =
    status === "400"
      ? refusal
      : status === "409" && versioned
        ? { message: serverMessages.staleVersion }
        : errorAnswers[status]?.example;
  return raw ? { example: withCode(status, raw) } : {};
}

function errorResponse(
  status: string,
  refusal: Json,
  existing?: Json,
  own?: readonly string[],
  versioned = false,
): Json {
  const answer = errorAnswers[status] ?? {
    description: "Error",
    example: { message: serverMessages.internal },
  };
  return {
    description:
      existing?.description && existing.description !== "Default Response"
        ? existing.description
        : answer.description,
    headers:
      status === "429" || status === "503" ? { ...requestIdHeader, ...retryAfterHeader } : requestIdHeader,
    content: {
      "application/json": { schema: errorSchemaRef, ...examplesOf(status, refusal, own, versioned) },
    },
  };
}

/**
 * "post /api/v2/connect/verify-login" -> "postConnectVerifyLogin"; "{id}" -> "ById". A path outside /api (the
 * public links of pictures) is named "public…", so it cannot take the name of its /api twin.
 */
function operationIdOf(method: string, path: string) {
  const words = path
    .replace(/^\/(?!api\/)/, "/public/")
    .replace(/^\/api(\/v\d+)?/, "")
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      const word = param ? `by-${param[1]}` : part;
      return word
        .split("-")
        .map((piece) => piece.charAt(0).toUpperCase() + piece.slice(1))
        .join("");
    });
  return `${method}${words.join("")}`;
}

/** Whether the operation's body or query names a record `version` (so it reads If-Match too). */
function takesVersion(operation: Operation): boolean {
  if (
    (operation.parameters ?? []).some((parameter) => parameter.in === "query" && parameter.name === "version")
  ) {
    return true;
  }
  const content = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)
    ?.content;
  return Object.values(content ?? {}).some((media) =>
    Object.keys((media.schema?.properties ?? {}) as Json).some((name) => name.toLowerCase() === "version"),
  );
}

export function documentOperation(method: string, path: string, operation: Operation, security: Json[]) {
  const facts = routeFacts.get(`${method} ${path}`) ?? {
    public: false,
    rateLimited: false,
    refusal: refusalExample(undefined, path),
  };
  operation.operationId ??= operationIdOf(method, path);
  operation.security = facts.public ? [] : security;
  const versioned = takesVersion(operation);
  if (versioned) operation.parameters = [...(operation.parameters ?? []), ifMatchParameter];
  operation.responses ??= {};
  const responses = operation.responses;
  for (const [status, answer] of Object.entries(responses)) {
    if (!/^[23]/.test(status)) continue;
    if (answer.description === "Default Response" && typeof operation.summary === "string") {
      answer.description = operation.summary;
    }
    const extra = Object.fromEntries(
      Object.entries(facts.answerHeaders ?? {}).map(([name, description]) => [
        name,
        { description, schema: { type: "string" } },
      ]),
    );
    answer.headers = { ...requestIdHeader, ...(facts.rateLimited ? rateLimitHeaders : {}), ...extra };
  }
  const statuses = new Set(Object.keys(responses).filter((status) => /^[45]/.test(status)));
  // Any request can be refused as malformed (the input guard, the schemas), and any can fail.
  for (const status of ["400", "500", "503"]) statuses.add(status);
  if (!facts.public) for (const status of ["401", "403"]) statuses.add(status);
  // A record named in the path may not exist; a path parameter past Fastify's length limit answers 414.
  if ((operation.parameters ?? []).some((parameter) => parameter.in === "path")) {
    statuses.add("404");
    statuses.add("414");
  }
  // Whatever a route reads, a body may be too large or of a type it does not read.
  if (operation.requestBody || method !== "get") {
    for (const status of ["413", "415"]) statuses.add(status);
  }
  if (facts.rateLimited) statuses.add("429");
  for (const status of [...statuses].sort()) {
    const answer = errorResponse(
      status,
      facts.refusal,
      responses[status],
      facts.refusals?.[Number(status)],
      versioned,
    );
    // The limiter counts the request before anything else runs, so every answer of a limited route
    // carries its headers, whatever refused it.
    if (facts.rateLimited) answer.headers = { ...(answer.headers as Json), ...rateLimitHeaders };
    responses[status] = answer;
  }
}

/** The one shape of every error answer. */
export const errorSchema = {
  type: "object",
  description: "The one shape of every error answer",
  properties: {
    message: { type: "string", description: "A readable message, fit to show the user" },
    code: {
      type: "string",
      pattern: ERROR_CODE_PATTERN.source,
      description:
        "What went wrong, as a stable snake_case word to branch on (slot_taken, too_many_upcoming, validation_failed…); `message` is the text to show, in the reader's language",
      example: "slot_taken",
    },
    error: { type: "string", description: "The HTTP reason, e.g. Bad Request" },
    fieldErrors: {
      type: "object",
      description: "Per field, what is wrong with it (validation and conflicts)",
      additionalProperties: { type: "string" },
    },
    requestId: {
      type: "string",
      description: "On a 500: the id under which the server logged the error (also in x-request-id)",
    },
  },
  required: ["message", "code"],
} as const;
