import zlib from "node:zlib";
import addFormats from "ajv-formats";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import {
  type Document,
  OpenAPIBackend,
  type Operation,
  type Request,
  type ValidationResult,
} from "openapi-backend";

type ErrorObject = NonNullable<ValidationResult["errors"]>[number];

/**
 * Holds the OpenAPI document to what the API really does: every request a test sends through app.inject
 * and every answer it gets are checked against /api/docs/json (and /api/customer/docs/json). A documented request that the document
 * calls invalid must be refused (4xx); every answer must have a documented status and match its schema.
 * A mismatch throws, so the test that made the call fails. Routes hidden from the document (the web app,
 * /files) are not checked; a new route needs nothing here, only its schemas.
 */
let api: Promise<Backends> | undefined;

/**
 * The validator compiles schemas as JSON Schema draft 7, where exclusiveMinimum/-Maximum are numbers;
 * OpenAPI 3.0 writes them as booleans beside minimum/maximum. Same meaning, draft 7's spelling.
 */
function asDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asDraft7);
  if (!node || typeof node !== "object") return node;
  const schema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) schema[key] = asDraft7(value);
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (schema[exclusive] === true && typeof schema[bound] === "number") {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else if (schema[exclusive] === false) {
      delete schema[exclusive];
    }
  }
  return schema;
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The customer API's paths; each document is read on its own (both name an Appointment, differently). */
const CUSTOMER_PATHS = "/api/customer/";

interface Backends {
  backOffice: OpenAPIBackend;
  customer: OpenAPIBackend;
}

async function loadApi(inject: Inject): Promise<Backends> {
  const load = async (url: string) => {
    const definition = (await inject({ method: "GET", url })).json() as Document;
    const backend = new OpenAPIBackend({
      definition: asDraft7(definition) as Document,
      strict: false,
      // The document itself is checked by `npm run lint` (Redocly); here it only has to be read.
      quick: true,
      // Our answers may carry fields the schemas do not list only where the schema allows them.
      ajvOpts: { strict: false, allErrors: false },
      // The formats the documents promise (dates, moments, ids, emails) are held to as well.
      customizeAjv: (ajv) => addFormats(ajv, ["date", "date-time", "uuid", "email"]),
    });
    await backend.init();
    return backend;
  };
  return { backOffice: await load("/api/docs/json"), customer: await load("/api/customer/docs/json") };
}

function headerRecord(headers: InjectOptions["headers"]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) record[name.toLowerCase()] = String(value);
  }
  return record;
}

function bodyOf(response: LightMyRequestResponse): unknown {
  const type = String(response.headers["content-type"] ?? "");
  if (!type.includes("json")) return undefined;
  const encoding = response.headers["content-encoding"];
  const raw =
    encoding === "br"
      ? zlib.brotliDecompressSync(response.rawPayload)
      : encoding === "gzip"
        ? zlib.gunzipSync(response.rawPayload)
        : response.rawPayload;
  return raw.length ? JSON.parse(raw.toString("utf8")) : undefined;
}

function check(backends: Backends, options: InjectOptions, response: LightMyRequestResponse) {
  const url = new URL(String(options.url ?? options.path ?? "/"), "http://localhost");
  const backend = url.pathname.startsWith(CUSTOMER_PATHS) ? backends.customer : backends.backOffice;
  const method = String(options.method ?? "GET").toLowerCase();
  if (method === "head" || method === "options") return;
  const headers = headerRecord(options.headers);
  const json = !headers["content-type"] || headers["content-type"].includes("json");
  const payload = options.payload ?? options.body;
  const request: Request = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: json && typeof payload === "string" ? safeParse(payload) : json ? payload : undefined,
  };
  const operation = matchOperation(backend, method, url.pathname);
  if (!operation) return;
  const where = `${method.toUpperCase()} ${url.pathname} -> ${response.statusCode}`;
  // Multipart bodies are read by the route itself; their fields are checked by its own tests.
  if (json) {
    let verdict: ValidationResult;
    try {
      verdict = backend.validateRequest(request, operation);
    } catch {
      // A path parameter that cannot be decoded: no valid request, so it must be refused.
      if (response.statusCode >= 400) return;
      throw new Error(`OpenAPI: the document cannot read this request, yet ${where}`);
    }
    const errors = (verdict.errors ?? []).filter((error) => !serverIsLenient(error, request, operation));
    if (errors.length > 0 && response.statusCode < 400) {
      throw new Error(
        `OpenAPI: the document calls this request invalid, yet ${where}: ${JSON.stringify(errors)}`,
      );
    }
  }
  const status = String(response.statusCode);
  const documented = operation.responses?.[status] ?? operation.responses?.default;
  if (!documented) {
    throw new Error(
      `OpenAPI: ${where} is not documented (it documents ${Object.keys(operation.responses ?? {}).join(", ")})`,
    );
  }
  const body = bodyOf(response);
  if (body === undefined || !("content" in documented) || !documented.content) return;
  const verdict = backend.validateResponse(body, operation, response.statusCode);
  if (!verdict.valid) {
    throw new Error(
      `OpenAPI: the answer of ${where} does not match the document: ${JSON.stringify(verdict.errors)}`,
    );
  }
}

type SchemaNode = {
  nullable?: boolean;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
};

/**
 * What OpenAPI 3.0 cannot say of a zod schema, and the server accepts on purpose: unknown query
 * parameters (ignored), numbers sent as numeric strings (coerced), and a nullable field left out or sent
 * empty (read as null). Every other difference between the document and a request the server accepted fails.
 */
function serverIsLenient(error: ErrorObject, request: Request, operation: Operation): boolean {
  if (error.instancePath.startsWith("/query") && error.keyword === "additionalProperties") return true;
  if (!error.instancePath.startsWith("/requestBody")) return false;
  const path = error.instancePath.split("/").slice(2);
  let value: unknown = request.body;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  if (error.keyword === "type" && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value)) return true;
  const content = (operation.requestBody as { content?: Record<string, { schema?: SchemaNode }> } | undefined)
    ?.content?.["application/json"];
  let schema = content?.schema;
  for (const key of path) schema = /^\d+$/.test(key) ? schema?.items : schema?.properties?.[key];
  // An empty string where a nullable value goes is read as null.
  if (error.keyword === "type" && value === "" && schema?.nullable === true) return true;
  if (error.keyword === "required") {
    const missing = String((error.params as { missingProperty?: string }).missingProperty);
    return schema?.properties?.[missing]?.nullable === true;
  }
  return false;
}

/**
 * The documented operation a request is for. The library's own matcher lists and compiles every path on
 * each call (most of this check's time); this one does it once per document. Paths match exactly:
 * "stats//" or a trailing slash is another (unknown) path.
 */
const routeTables = new WeakMap<
  OpenAPIBackend,
  Array<{ method: string; pattern: RegExp; operation: Operation }>
>();
function matchOperation(backend: OpenAPIBackend, method: string, pathname: string): Operation | undefined {
  let table = routeTables.get(backend);
  if (!table) {
    table = backend.router
      .getOperations()
      .map((operation) => ({
        method: operation.method.toLowerCase(),
        pattern: new RegExp(
          `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
        ),
        operation: operation as Operation,
      }))
      // A fixed path wins over a template that also matches it (/Consultants/stats over /Consultants/{id}).
      .sort(
        (a, b) => (a.operation.path.match(/\{/g)?.length ?? 0) - (b.operation.path.match(/\{/g)?.length ?? 0),
      );
    routeTables.set(backend, table);
  }
  return table.find((route) => route.method === method && route.pattern.test(pathname))?.operation;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Wraps app.inject so every call made with options (the suite's way) is checked against the document. */
export function checkAgainstOpenApi(app: FastifyInstance) {
  const inject = app.inject.bind(app) as Inject;
  const checked = async (options: InjectOptions | string) => {
    const injectOptions = typeof options === "string" ? { url: options } : options;
    const response = await inject(injectOptions);
    api ??= loadApi(inject);
    check(await api, injectOptions, response);
    return response;
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}
