import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { RouteOptions } from "fastify";
import { ifMatchParameter, rateLimitHeaders, requestIdHeader } from "./answer-headers";
import { csvAnswer } from "./csv-answer";
import { type Callers, errorResponse, type RouteSchemas, refusalExample } from "./error-answers";
import { EVENT_STREAM, eventStreamAnswer, type StreamEvent } from "./event-stream";
import type { Json, Operation } from "./json";

export type { Json, Operation } from "./json";

/**
 * What the API documents say of each operation beyond its schemas: its operationId, its security, each error
 * answer the shared plugins can give (error-answers.ts), and the headers that come with the answers
 * (answer-headers.ts).
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** Headers of the success answer beyond every answer's (from the endpoint's declaration), for the document. */
    answerHeaders?: Readonly<Record<string, string>>;
    /** The endpoint's own refusals by status, as messages (from its declaration), for the document's examples. */
    refusals?: Readonly<Record<number, readonly string[]>>;
  }
}

/** What the document needs to know of each route beyond its schema, recorded as routes are added. */
interface RouteFacts {
  public: boolean;
  /** Who may call it (its declaration's auth). */
  auth: Callers["auth"];
  rateLimited: boolean;
  /** What this route answers to a request its schemas refuse. */
  refusal: Json;
  /** Headers of its success answer beyond the ones every answer has (a cookie a sign-in sets). */
  answerHeaders?: Readonly<Record<string, string>>;
  /** Its own refusals by status, each a message the server answers. */
  refusals?: Readonly<Record<number, readonly string[]>>;
  /** The events of a server-sent events route. */
  streamEvents?: readonly StreamEvent[];
  /** The columns of a CSV export. */
  csvColumns?: readonly string[];
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
      auth: config.auth ?? "public",
      rateLimited: config.rateLimit !== undefined,
      refusal: refusalExample(route.schema as RouteSchemas | undefined, route.url),
      ...(config.answerHeaders ? { answerHeaders: config.answerHeaders } : {}),
      ...(config.refusals ? { refusals: config.refusals } : {}),
      ...(config.streamEvents ? { streamEvents: config.streamEvents } : {}),
      ...(config.csvColumns ? { csvColumns: config.csvColumns } : {}),
    });
  }
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
    auth: [...BACK_OFFICE_ROLES],
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
    if ((answer.content as Json | undefined)?.[EVENT_STREAM]) {
      Object.assign(answer, eventStreamAnswer(facts.streamEvents ?? []));
    }
    csvAnswer(answer, facts.csvColumns ?? []);
    if (answer.description === "Default Response" && typeof operation.summary === "string") {
      answer.description = operation.summary;
    }
    const extra = Object.fromEntries(
      Object.entries(facts.answerHeaders ?? {}).map(([name, description]) => [
        name,
        // A header's value: the server's own, far below the 16 KiB every request's and answer's headers have.
        { description, schema: { type: "string", maxLength: 4096 } },
      ]),
    );
    answer.headers = { ...requestIdHeader, ...(facts.rateLimited ? rateLimitHeaders : {}), ...extra };
  }
  const statuses = new Set(Object.keys(responses).filter((status) => /^[45]/.test(status)));
  // Any request can be refused as malformed (the input guard, the schemas), and any can fail.
  for (const status of ["400", "500", "503"]) statuses.add(status);
  // A customer's token is refused (401) but no customer is refused for a role: a 403 there is declared.
  if (!facts.public) statuses.add("401");
  if (!facts.public && facts.auth !== "customer") statuses.add("403");
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
      { auth: facts.auth, allRoles: BACK_OFFICE_ROLES },
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
