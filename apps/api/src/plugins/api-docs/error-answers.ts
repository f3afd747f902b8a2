import { STATUS_CODES } from "node:http";
import { serverMessages } from "@visadesk/contract/common-constants";
import {
  ERROR_CODE_PATTERN,
  ERROR_CODES,
  errorCodeOf,
  generalErrorCodes,
} from "@visadesk/contract/error-codes";
import { z } from "zod";
import { ERROR_TEXT_MAX_LENGTH, fieldErrorsOf } from "#api/lib/errors";
import { requestIdHeader, retryAfterHeader } from "./answer-headers";
import type { Json } from "./json";

/**
 * The error answers of the documents: each status the shared plugins can answer, with what it means and an
 * example in the product's one error shape (its real message and code); a 400 with the operation's own
 * refusal, and the operation's own refusals (its declaration's messages by status) as its examples.
 */

export interface RouteSchemas {
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

/** What an operation's own refusals of a status are, before it names them. */
const OWN_LEADS: Record<string, string> = {
  "401": "Refused",
  "403": "Refused for this account",
  "404": "Not found",
  "406": "Not acceptable",
  "409": "Refused: the request conflicts with the record's current state",
  "422": "Refused: the request cannot be done as asked",
  "429": "Too many",
};

/** Who may call an operation, for what its 401 and 403 say. */
export interface Callers {
  /** "customer" on the customer API; the roles allowed on the back-office API. */
  auth: "public" | "customer" | readonly string[];
  /** Every back-office role (a route open to all of them refuses none for its role). */
  allRoles: readonly string[];
}

/**
 * What an error status means for this operation: its own refusals when it names them, else what the shared
 * plugins mean by it for this caller (a customer's token, staff's token and cookie, the roles allowed).
 */
function errorDescription(
  status: string,
  callers: Callers,
  own: readonly string[] | undefined,
  versioned: boolean,
) {
  const base = errorAnswers[status]?.description ?? "Error";
  if (own && own.length > 0) return `${OWN_LEADS[status] ?? base}: ${own.join(" / ")}`;
  const { auth } = callers;
  if (status === "401") {
    return auth === "customer"
      ? "No valid session: the customer's access token is missing, wrong or expired, or its device was signed out"
      : "No valid session: the access token or its token_binding cookie is missing, wrong or expired";
  }
  if (status === "403" && Array.isArray(auth)) {
    const first =
      "the account must first choose a new password, or set up its second sign-in step (REQUIRE_MFA)";
    return auth.length < callers.allRoles.length
      ? `Signed in, but only ${auth.join(" and ")} may do this, or ${first}`
      : `Signed in, but ${first}`;
  }
  if (status === "409" && versioned) {
    return "The record changed since the version this request was based on (its version or If-Match): nothing was saved";
  }
  return base;
}

export function errorResponse(
  status: string,
  refusal: Json,
  callers: Callers,
  existing?: Json,
  own?: readonly string[],
  versioned = false,
): Json {
  return {
    description:
      existing?.description && existing.description !== "Default Response"
        ? existing.description
        : errorDescription(status, callers, own, versioned),
    headers:
      status === "429" || status === "503" ? { ...requestIdHeader, ...retryAfterHeader } : requestIdHeader,
    content: {
      "application/json": { schema: errorSchemaRef, ...examplesOf(status, refusal, own, versioned) },
    },
  };
}

/** The longest code of the catalogue, and of the HTTP reasons (`error`). */
const CODE_MAX_LENGTH = Math.max(...ERROR_CODES.map((code) => code.length));
const REASON_MAX_LENGTH = Math.max(...Object.values(STATUS_CODES).map((reason) => (reason ?? "").length));

/** The one shape of every error answer. */
export const errorSchema = {
  type: "object",
  description: "The one shape of every error answer",
  properties: {
    message: {
      type: "string",
      // The longest: a field's refusal (cut at ERROR_TEXT_MAX_LENGTH), or a path no route has, which the
      // HTTP parser bounds with the request line (16 KiB of headers).
      maxLength: ERROR_TEXT_MAX_LENGTH,
      description: "A readable message, fit to show the user",
    },
    code: {
      type: "string",
      pattern: ERROR_CODE_PATTERN.source,
      maxLength: CODE_MAX_LENGTH,
      description:
        "What went wrong, as a stable snake_case word to branch on (slot_taken, too_many_upcoming, validation_failed…); `message` is the text to show, in the reader's language",
      example: "slot_taken",
    },
    error: { type: "string", maxLength: REASON_MAX_LENGTH, description: "The HTTP reason, e.g. Bad Request" },
    fieldErrors: {
      type: "object",
      description: "Per field, what is wrong with it (validation and conflicts)",
      additionalProperties: { type: "string", maxLength: ERROR_TEXT_MAX_LENGTH },
    },
    requestId: {
      type: "string",
      maxLength: 64,
      description: "On a 500: the id under which the server logged the error (also in x-request-id)",
    },
  },
  required: ["message", "code"],
} as const;
