import type { SwaggerOptions } from "@fastify/swagger";
import type { FastifySwaggerUiOptions } from "@fastify/swagger-ui";
import { customerAccountTag } from "@visadesk/contract/customer-auth-endpoints";
import { customerAppointmentsTag } from "@visadesk/contract/customer-bookings-endpoints";
import { customerConsultantsTag } from "@visadesk/contract/customer-directory-endpoints";
import { customerLiveTag } from "@visadesk/contract/customer-live-endpoints";
import { BINDING_COOKIE } from "../modules/auth/tokens";
import { answerHeaderComponents } from "./api-docs/answer-headers";
import { errorSchema } from "./api-docs/error-answers";
import { addExamples } from "./api-docs/examples";
import { documentOperation, type Json, type Operation } from "./api-docs/operations";
import {
  boundFormattedStrings,
  dropUnusedSchemas,
  fixNullable,
  formatIntegers,
  transformRoute,
  withComponents,
} from "./api-docs/schemas";
import { describeSuccessAnswers } from "./api-docs/success-answers";

export { openApiPath, recordRouteForDocs } from "./api-docs/operations";

/**
 * The OpenAPI documents at /api/docs (the back-office API) and /api/customer/docs (the customer API), made
 * true from what each route declares: its schemas and summary, and its config (who may call it, whether it
 * is rate limited). Every operation gets an operationId, its security (none for public routes; else the
 * bearer token and, on the back-office API, the cookie it is bound to), each error answer the shared plugins
 * can give, and its headers (api-docs/operations.ts); the records they answer are named components
 * (api-docs/schemas.ts). The API suite checks every answer it sees against these documents.
 */

/** What each back-office tag groups, for the document's reader. */
const BACK_OFFICE_TAGS: Record<string, string> = {
  connect: "Signing in and out, registration, password reset and the second sign-in step",
  account: "The signed-in staff member's own profile, password, sessions and two-factor sign-in",
  consultants: "Consultants: their records, weekly hours, office addresses, time off, deletion and restore",
  User: "App users (the marketplace's customers) and internal staff accounts",
  appointments: "Customers' appointments with consultants, their reminders and attendance",
  scheduling: "When a consultant is free: availability, time off and the calendar",
  dashboard: "The home page's counts and the week's appointments",
  notifications: "The bell: what happened that staff should know",
  tasks: "Staff members' own to-do list",
  notes: "Internal notes on a consultant, an app user or an appointment",
  audit: "The history of every change, by whom and when",
  search: "The header search across consultants, app users and appointments",
  settings: "Settings the product applies everywhere",
  files: "Pictures, logos and CNIC images",
  live: "The stream that tells an open screen what changed",
  health: "Whether the server and its database are up",
};

/**
 * Where the document's operations are: on the server that serves it, whichever environment that is. Public:
 * both APIs are the ones the product's own apps call.
 */
const SERVER = {
  url: "/",
  description: "This server: the production, staging or local install that serves this document",
  "x-internal": false,
};

/** How the access tokens follow the JWT best practices (RFC8725), for the security schemes' descriptions. */
const JWT_PRACTICES =
  'A JWT as RFC8725 advises: signed with HS256 only (any other algorithm, "none" included, is refused ' +
  "before the key is used), typ JWT, with an expiry, checked against a session the server can revoke.";

export const apiDocsOptions: SwaggerOptions = {
  openapi: {
    info: {
      title: "VisaDesk API",
      version: "2.0.0",
      description:
        "The back-office API of VisaDesk. Every error answer has one shape: `{ message, error?, fieldErrors? }`.",
      license: { name: "Proprietary" },
      contact: { name: "VisaDesk" },
    },
    servers: [SERVER],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `The accessToken answered by POST /api/v2/connect/verify-login. ${JWT_PRACTICES}`,
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
      headers: answerHeaderComponents,
    },
    tags: Object.entries(BACK_OFFICE_TAGS).map(([name, description]) => ({ name, description })),
  },
  // The customer API has its own document (customerApiDocsOptions).
  transform: (route) =>
    route.url.startsWith(CUSTOMER_API_PREFIX)
      ? { schema: { ...route.schema, hide: true }, url: route.url }
      : transformRoute(route),
  transformObject: documentTransform([{ bearer: [], token_binding: [] }]),
};

const CUSTOMER_API_PREFIX = "/api/customer/";

/** Each operation documented as above, with `security` on those that need a signed-in caller. */
function documentTransform(security: Json[], parameters: Json[] = []) {
  return (documentObject: Parameters<typeof withComponents>[0]) => {
    const document = withComponents(documentObject) as Json & {
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
    dropUnusedSchemas(document);
    fixNullable(document.paths);
    fixNullable(document.components);
    boundFormattedStrings(document.paths);
    boundFormattedStrings(document.components);
    formatIntegers(document.paths);
    formatIntegers(document.components);
    describeSuccessAnswers(document);
    addExamples(document);
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
    servers: [SERVER],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "The accessToken of POST /api/customer/v1/auth/sign-in or auth/refresh (it lives 15 minutes). " +
            `${JWT_PRACTICES} Its audience is the customer API's own: a back-office token is refused here.`,
        },
      },
      schemas: { Error: { ...errorSchema, required: [...errorSchema.required] } },
      headers: answerHeaderComponents,
      parameters: {
        AcceptLanguage: {
          name: "Accept-Language",
          in: "header",
          required: false,
          description:
            "The language of the answer's texts (`message`, `fieldErrors`) for a caller not signed in: `ur` " +
            "(or `ur-PK`) for Urdu, else English. A signed-in customer's texts are in their account's language.",
          // As long as the headers may be (the HTTP parser takes 16 KiB of them); only its first tag counts.
          schema: { type: "string", maxLength: 16_384, example: "ur-PK" },
        },
      },
    },
    tags: [customerAccountTag, customerConsultantsTag, customerAppointmentsTag, customerLiveTag],
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
