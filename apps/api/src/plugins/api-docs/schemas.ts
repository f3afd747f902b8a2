import "@visadesk/contract/document-components";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Json } from "./json";

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];
type DocumentObject = Parameters<typeof jsonSchemaTransformObject>[0];

/**
 * One route's zod schemas as JSON Schema. A schema given a name (document-components) is written once under
 * components.schemas and referred to by $ref wherever a route uses it, so a generated client has one type
 * per record instead of one per operation. A body declared per media type (JSON, and multipart/form-data
 * with its files as binary strings) is converted media type by media type.
 */
export function transformRoute(route: RouteDocument) {
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

/** The document with the named schemas in its components (dropUnusedSchemas keeps only its own). */
export const withComponents = (documentObject: DocumentObject) =>
  jsonSchemaTransformObject(documentObject) as Json;

/**
 * Removes the component schemas no operation of this document refers to (the other document's records, and
 * the input variant of a record that is only answered).
 */
export function dropUnusedSchemas(document: Json & { components?: { schemas?: Json } }) {
  const schemas = document.components?.schemas ?? {};
  const used = referencedSchemas(document, schemas);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** The component schemas the paths refer to, directly or through other components. */
function referencedSchemas(document: Json, schemas: Json): Set<string> {
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) {
        const name = value.slice("#/components/schemas/".length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  return used;
}

/**
 * OpenAPI 3.0 wants a type beside `nullable`: an anyOf that may be null says so on each branch instead; a
 * nullable enum lists null among its values.
 */
export function fixNullable(node: unknown): void {
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

/** The length of a string of each fixed-size format: a UUID, a calendar date (YYYY-MM-DD). */
const FORMAT_LENGTHS: Record<string, number> = { uuid: 36, date: 10 };

/**
 * A string of a fixed-size format says its length too (maxLength), as a client's generator or a linter
 * reads it: the format already refuses anything longer.
 */
export function boundFormattedStrings(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) boundFormattedStrings(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  const length = typeof schema.format === "string" ? FORMAT_LENGTHS[schema.format] : undefined;
  if (schema.type === "string" && length !== undefined && schema.maxLength === undefined) {
    schema.maxLength = length;
  }
  for (const value of Object.values(schema)) boundFormattedStrings(value);
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * An integer says its size (format), as a client's generator reads it: int32 when its bounds fit 32 bits,
 * else int64, which holds every whole number the server answers or reads (JavaScript's safe integers).
 */
export function formatIntegers(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) formatIntegers(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  if (schema.type === "integer" && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const fits =
      minimum !== undefined && maximum !== undefined && minimum >= INT32.min && maximum <= INT32.max;
    schema.format = fits ? "int32" : "int64";
  }
  for (const value of Object.values(schema)) formatIntegers(value);
}
