import fastJson from "fast-json-stringify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
/** Keywords that only validate; the answer's shape does not depend on them. */
const VALIDATION_ONLY = new Set([
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "enum",
  "const",
  "minItems",
  "maxItems",
  "description",
  "title",
  "default",
  "$schema",
]);

/**
 * The answer schema, as a JSON Schema that fast-json-stringify writes exactly as the zod schema would:
 * only plain objects (closed: unknown fields are dropped), arrays and primitives, nullable as a type list.
 * Undefined when the schema uses anything else (records, unions of objects, references...).
 */
function plainSchema(schema: JsonSchema): JsonSchema | undefined {
  const plain: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === "type" || key === "required") plain[key] = value;
    else if (key === "additionalProperties" && value === false) continue;
    else if (key === "items") {
      const items = plainSchema(value as JsonSchema);
      if (!items) return undefined;
      plain.items = items;
    } else if (key === "properties") {
      const properties: JsonSchema = {};
      for (const [name, property] of Object.entries(value as Record<string, JsonSchema>)) {
        const compiled = plainSchema(property);
        if (!compiled) return undefined;
        properties[name] = compiled;
      }
      plain.properties = properties;
    } else if (key === "anyOf") {
      // zod writes nullable(x) as anyOf [x, null]: a list of primitive types is one type list.
      const types = (value as JsonSchema[]).map((option) => plainSchema(option));
      if (!types.every((option) => option && Object.keys(option).length === 1 && option.type))
        return undefined;
      const names = types.flatMap((option) => option!.type as string | string[]);
      if (!names.every((name) => PRIMITIVE_TYPES.has(name))) return undefined;
      plain.type = names;
    } else return undefined;
  }
  const type = plain.type;
  // A zod object strips the fields it does not declare (a loose one or a record has additionalProperties).
  if (type === "object") {
    if ("additionalProperties" in schema && schema.additionalProperties !== false) return undefined;
    plain.additionalProperties = false;
    plain.properties ??= {};
  }
  if (type === "array" && !plain.items) return undefined;
  if (typeof type !== "string" && !Array.isArray(type)) return undefined;
  return plain;
}

function fastSerializer(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      target: "draft-7",
      io: "output",
      unrepresentable: "throw",
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  const plain = plainSchema(json);
  return plain ? fastJson(plain) : undefined;
}

/**
 * Answers are written by a serializer compiled once per route from the zod answer schema (through its
 * JSON Schema), instead of parsing every answer with zod and then stringifying it: the schema still
 * decides which fields go out, since closed objects drop every field they do not declare. A schema that
 * the compiled form cannot write exactly keeps the zod serializer.
 */
export function serializerCompiler(route: RouteSchema) {
  return fastSerializer(route.schema) ?? zodSerializerCompiler(route);
}
