import type { SwaggerOptions } from "@fastify/swagger";
import type { FastifySwaggerUiOptions } from "@fastify/swagger-ui";
import { authMessages } from "@visadesk/contract/auth-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { customerAccountTag } from "@visadesk/contract/customer-auth-endpoints";
import { customerAppointmentsTag } from "@visadesk/contract/customer-bookings-endpoints";
import { customerConsultantsTag } from "@visadesk/contract/customer-directory-endpoints";
import type { RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { BINDING_COOKIE } from "../modules/auth/tokens";

/**
 * The OpenAPI document at /api/docs, made true from what each route declares: its schemas and summary, and
 * its config (who may call it, whether it is rate limited). Every operation gets an operationId, its
 * security (none for public routes; else the bearer token and the cookie it is bound to) and each error
 * answer the shared plugins can give, in the product's one error shape with its real message. A route that
 * answers more (a 409, a 401 for a wrong password) declares that status in its response schema; the API
 * suite checks every answer it sees against this document.
 */

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; parameters?: Json[]; requestBody?: unknown };

/** What the document needs to know of each route beyond its schema, recorded as routes are added. */
interface RouteFacts {
  public: boolean;
  rateLimited: boolean;
}
const routeFacts = new Map<string, RouteFacts>();

/** Fastify's "/api/v2/User/users/:id" as OpenAPI writes it: "/api/v2/User/users/{id}". */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** For app.addHook("onRoute", ...): keeps the facts the document needs. */
export function recordRouteForDocs(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const config = (route.config ?? {}) as { auth?: unknown; rateLimit?: unknown };
  for (const method of methods) {
    routeFacts.set(`${method.toLowerCase()} ${openApiPath(route.url)}`, {
      public: config.auth === "public" || config.auth === undefined,
      rateLimited: config.rateLimit !== undefined,
    });
  }
}

const errorSchemaRef = { $ref: "#/components/schemas/Error" };

/** Each error status the shared plugins can answer, with its meaning and the product's message. */
const errorAnswers: Record<string, { description: string; example: Json }> = {
  "400": {
    description: "The request is not valid: fieldErrors names each field and what is wrong with it",
    example: {
      message: authMessages.passwordTooShort,
      error: "Bad Request",
      fieldErrors: { password: authMessages.passwordTooShort },
    },
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
    example: {
      message: authMessages.emailTaken,
      error: "Conflict",
      fieldErrors: { email: authMessages.emailTaken },
    },
  },
  "413": {
    description: "The body or an uploaded file is too large",
    example: { message: serverMessages.fileTooLarge, error: "Payload Too Large" },
  },
  "414": {
    description: "A path parameter is longer than any id or file name",
    example: { message: "URI Too Long", error: "URI Too Long" },
  },
  "415": {
    description: "The body is not of a type this operation reads",
    example: { message: "Unsupported Media Type: text/plain", error: "Unsupported Media Type" },
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
    description: "The database cannot be reached; Retry-After says when to retry",
    example: { message: serverMessages.databaseUnavailable, error: "Service Unavailable" },
  },
};

function errorResponse(status: string, existing?: Json): Json {
  const answer = errorAnswers[status] ?? {
    description: "Error",
    example: { message: serverMessages.internal },
  };
  return {
    description:
      existing?.description && existing.description !== "Default Response"
        ? existing.description
        : answer.description,
    content: { "application/json": { schema: errorSchemaRef, example: answer.example } },
  };
}

/** "post /api/v2/connect/verify-login" -> "postConnectVerifyLogin"; "{id}" -> "ById". */
function operationIdOf(method: string, path: string) {
  const words = path
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

/**
 * OpenAPI 3.0 wants a type beside `nullable`: an anyOf that may be null says so on each branch instead; a
 * nullable enum lists null among its values.
 */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    delete schema.nullable;
    for (const branch of branches) branch.nullable = true;
  }
  // A nullable enum allows null only when null is one of its values (OpenAPI 3.0.3, "nullable").
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) fixNullable(value);
}

function documentOperation(method: string, path: string, operation: Operation, security: Json[]) {
  const facts = routeFacts.get(`${method} ${path}`) ?? { public: false, rateLimited: false };
  operation.operationId ??= operationIdOf(method, path);
  operation.security = facts.public ? [] : security;
  operation.responses ??= {};
  const responses = operation.responses;
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
  for (const status of [...statuses].sort()) responses[status] = errorResponse(status, responses[status]);
}

/** The one shape of every error answer. */
const errorSchema = {
  type: "object",
  description: "The one shape of every error answer",
  properties: {
    message: { type: "string", description: "A readable message, fit to show the user" },
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
  required: ["message"],
} as const;

export const apiDocsOptions: SwaggerOptions = {
  openapi: {
    info: {
      title: "VisaDesk API",
      version: "2.0.0",
      description:
        "The back-office API of VisaDesk. Every error answer has one shape: `{ message, error?, fieldErrors? }`.",
      license: { name: "Proprietary" },
    },
    servers: [{ url: "/", description: "This server" }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The accessToken answered by POST /api/v2/connect/verify-login.",
        },
        token_binding: {
          type: "apiKey",
          in: "cookie",
          name: BINDING_COOKIE,
          description:
            `The token is bound to this HttpOnly cookie, set by the same sign-in answer (Set-Cookie). A browser ` +
            `sends it by itself; any other client keeps the ${BINDING_COOKIE} cookie from the sign-in answer ` +
            "and sends it back in a Cookie header with every call, beside the Authorization header.",
        },
      },
      schemas: {
        Error: { ...errorSchema, required: [...errorSchema.required] },
      },
    },
  },
  // The customer API has its own document (customerApiDocsOptions).
  transform: (route) =>
    route.url.startsWith(CUSTOMER_API_PREFIX)
      ? { schema: { ...route.schema, hide: true }, url: route.url }
      : transformRoute(route),
  transformObject: documentTransform([{ bearer: [], token_binding: [] }]),
};

const CUSTOMER_API_PREFIX = "/api/customer/";

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Each route's zod schemas as JSON Schema. A body declared per media type (JSON, and multipart/form-data
 * with its files as binary strings) is converted media type by media type.
 */
function transformRoute(route: RouteDocument) {
  const body = (route.schema as { body?: unknown } | undefined)?.body;
  if (!body || typeof body !== "object" || !("content" in body)) return jsonSchemaTransform(route);
  const rest = jsonSchemaTransform({ ...route, schema: { ...route.schema, body: undefined } });
  if ((rest.schema as { hide?: boolean }).hide) return rest;
  const content: Record<string, { schema: unknown }> = {};
  for (const [type, media] of Object.entries(body.content as Record<string, { schema: unknown }>)) {
    const converted = jsonSchemaTransform({ ...route, schema: { body: media.schema } });
    content[type] = { schema: (converted.schema as { body?: unknown }).body };
  }
  return { ...rest, schema: { ...rest.schema, body: { content } } };
}

/** Each operation documented as above, with `security` on those that need a signed-in caller. */
function documentTransform(security: Json[], parameters: Json[] = []) {
  return (documentObject: object) => {
    const document = ("openapiObject" in documentObject ? documentObject.openapiObject : {}) as Json & {
      paths?: Record<string, Record<string, Operation>>;
    };
    const paths: Record<string, Record<string, Operation>> = {};
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(operations)) {
        documentOperation(method, path, operation, security);
        if (parameters.length > 0) operation.parameters = [...(operation.parameters ?? []), ...parameters];
      }
      // Fastify answers a prefix's "/" route with and without the slash; the spec names it without.
      paths[path.length > 1 ? path.replace(/\/$/, "") : path] = operations;
    }
    document.paths = paths;
    fixNullable(document.paths);
    return document;
  };
}

/** The customer API's own document (GET /api/customer/docs/json), kept by a second swagger instance. */
export const customerApiDocsOptions: SwaggerOptions = {
  decorator: "customerSwagger",
  openapi: {
    info: {
      title: "VisaDesk customer API",
      version: "1.0.0",
      description:
        "What a customer of the marketplace does from the mobile app or the customer site: their account, " +
        "finding a consultant, booking and managing appointments. Every error answer has one shape: " +
        "`{ message, error?, fieldErrors? }`, its texts in the customer's language (English or Urdu).",
      license: { name: "Proprietary" },
      contact: { name: "VisaDesk" },
    },
    servers: [{ url: "/", description: "This server" }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "The accessToken of POST /api/customer/v1/auth/sign-in or auth/refresh (it lives 15 minutes).",
        },
      },
      schemas: { Error: { ...errorSchema, required: [...errorSchema.required] } },
      parameters: {
        AcceptLanguage: {
          name: "Accept-Language",
          in: "header",
          required: false,
          description:
            "The language of the answer's texts (`message`, `fieldErrors`) for a caller not signed in: `ur` " +
            "(or `ur-PK`) for Urdu, else English. A signed-in customer's texts are in their account's language.",
          schema: { type: "string", example: "ur-PK" },
        },
      },
    },
    tags: [customerAccountTag, customerConsultantsTag, customerAppointmentsTag],
  },
  transform: transformRoute,
  // Every operation answers in the reader's language: one parameter, declared once.
  transformObject: documentTransform([{ bearer: [] }], [{ $ref: "#/components/parameters/AcceptLanguage" }]),
};

/** The customer document's name in the documents' page. */
export const CUSTOMER_API_DOCS_NAME = "Customer API";

export const apiDocsUiOptions: FastifySwaggerUiOptions = {
  routePrefix: "/api/docs",
  // The UI's own policy, tightened like ours (never framed, no <base>, nothing from other hosts, no
  // upgrade to https on a plain-http install), but with inline styles: Swagger UI sets style attributes
  // and <style> elements that no nonce can reach. Its scripts stay 'self' only.
  staticCSP: true,
  transformStaticCSP: (policy) =>
    policy
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
      .replace("base-uri 'self'", "base-uri 'none'")
      .replace(" validator.swagger.io", "")
      .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
      .replaceAll(" https:", "")
      .replace(/\s*upgrade-insecure-requests;?/, ""),
  // No badge from the public validator: it would send our spec's address to a third party.
  // Both documents, the customer API's chosen by /api/customer/docs (?urls.primaryName=).
  uiConfig: {
    docExpansion: "list",
    validatorUrl: null,
    urls: [
      { url: "/api/docs/json", name: "Back-office API" },
      { url: "/api/customer/docs/json", name: CUSTOMER_API_DOCS_NAME },
    ],
  },
};
