/**
 * One call of every operation of an OpenAPI document, as TypeScript source for a generated client: each
 * required path parameter, query parameter and body field gets a value its schema allows, so the call only
 * compiles when the client the generator made from the document types it truly (multipart files as Blobs).
 */
type Json = Record<string, unknown>;
export interface Document {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json>; parameters?: Record<string, Json> };
}

export interface OperationCall {
  operationId: string;
  method: string;
  path: string;
  /** In the order the path names them. */
  pathParams: Array<[string, string]>;
  /** The required query parameters, as an object literal; undefined when there are none. */
  query?: string;
  body?: { media: "json" | "multipart"; value: string };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** A TypeScript expression of a value the schema accepts (the smallest: required properties only). */
export function sampleValue(schema: Json | undefined, document: Document, depth = 0): string {
  if (!schema || depth > 12) return "undefined";
  if (typeof schema.$ref === "string")
    return sampleValue(resolve(schema.$ref, document), document, depth + 1);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return JSON.stringify(schema.enum[0]);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key] as Json[] | undefined;
    if (options) {
      const chosen = options.find((option) => option.type !== "null") ?? options[0];
      return sampleValue(chosen, document, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = { type: "object", properties: {}, required: [] };
    for (const part of schema.allOf as Json[]) {
      const resolved = typeof part.$ref === "string" ? resolve(part.$ref, document) : part;
      Object.assign(merged.properties as Json, resolved.properties);
      (merged.required as string[]).push(...((resolved.required as string[]) ?? []));
    }
    return sampleValue(merged, document, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return JSON.stringify(sampleString(schema));
    case "integer":
    case "number":
      return String(typeof schema.minimum === "number" && schema.minimum > 1 ? schema.minimum : 1);
    case "boolean":
      return "true";
    case "array": {
      const min = typeof schema.minItems === "number" ? schema.minItems : 0;
      const item = sampleValue(schema.items as Json, document, depth + 1);
      return `[${Array.from({ length: min }, () => item).join(", ")}]`;
    }
    case "null":
      return "null";
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      const fields = required
        .filter((name) => name in properties)
        .map((name) => `${JSON.stringify(name)}: ${sampleValue(properties[name], document, depth + 1)}`);
      return `{ ${fields.join(", ")} }`;
    }
  }
}

function sampleString(schema: Json): string {
  switch (schema.format) {
    case "date":
      return "2026-12-07";
    case "date-time":
      return "2026-12-07T10:00:00.000Z";
    case "email":
      return "someone@example.com";
    case "uuid":
      return "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
    default:
      return "x";
  }
}

function resolve(ref: string, document: Document): Json {
  const [, , section, name] = ref.split("/");
  const found = (document.components as Record<string, Record<string, Json>> | undefined)?.[section ?? ""]?.[
    name ?? ""
  ];
  if (!found) throw new Error(`${ref} is not in the document`);
  return found;
}

/** A multipart body: its files (format binary) as Blobs, the rest as sampled. */
function sampleForm(schema: Json, document: Document): string {
  const resolved = typeof schema.$ref === "string" ? resolve(schema.$ref, document) : schema;
  const properties = (resolved.properties ?? {}) as Record<string, Json>;
  const required = (resolved.required ?? []) as string[];
  const fields = required.map((name) => {
    const property = properties[name] ?? {};
    const value =
      property.format === "binary"
        ? 'new Blob(["x"], { type: "image/png" })'
        : sampleValue(property, document);
    return `${JSON.stringify(name)}: ${value}`;
  });
  return `{ ${fields.join(", ")} }`;
}

/** Every operation of the document, with the values of one call that the document says is well formed. */
export function sampleCalls(document: Document): OperationCall[] {
  const calls: OperationCall[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = ((operation.parameters ?? []) as Json[]).map((parameter) =>
        typeof parameter.$ref === "string" ? resolve(parameter.$ref, document) : parameter,
      );
      const of = (place: string) => parameters.filter((parameter) => parameter.in === place);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = ""]): [string, string] => {
        const declared = of("path").find((parameter) => parameter.name === name);
        return [name, sampleValue(declared?.schema as Json, document)];
      });
      const requiredQuery = of("query").filter((parameter) => parameter.required);
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      const json = content["application/json"]?.schema as Json | undefined;
      const form = content["multipart/form-data"]?.schema as Json | undefined;
      calls.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        pathParams,
        query:
          requiredQuery.length > 0
            ? `{ ${requiredQuery
                .map(
                  (parameter) =>
                    `${JSON.stringify(parameter.name)}: ${sampleValue(parameter.schema as Json, document)}`,
                )
                .join(", ")} }`
            : undefined,
        body: form
          ? { media: "multipart", value: sampleForm(form, document) }
          : json
            ? { media: "json", value: sampleValue(json, document) }
            : undefined,
      });
    }
  }
  return calls;
}
