import fc from "fast-check";
import { z } from "zod";

/** Texts that have broken servers before: injections, markup, control characters, odd unicode. */
export const HOSTILE_TEXTS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "'",
  '"',
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "'); DELETE FROM consultants; --",
  "%",
  "_",
  "%%'\\",
  "\\",
  "<script>alert(1)</script>",
  "<svg onload=alert(1)>",
  "javascript:alert(1)",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection payload, sent as it is.
  "${7*7}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "%ZZ",
  "\r\nX-Injected: 1",
  "\u202e\u0301\u200b\ufeff",
  "\ud83d\ude00\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67",
  "\ud800",
  "𝕍𝕚𝕤𝕒",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "9007199254740993",
  "99999999999999999999999",
  "-1",
  "0",
  "0x1F",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "2024-02-30",
  "9999-99-99",
  "25:61:61",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "a@b",
  "admin@example.com\u0000",
  "x".repeat(10_000),
];

/** Any text: the hostile ones, random unicode (with NUL and lone surrogates), and long runs. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.repeat(2_000)) },
);

/** Numbers at the edges: huge, negative, fractional, unsafe integers, -0 (JSON cannot carry NaN). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 63, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileKey: fc.Arbitrary<string> = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "role",
  "roles",
  "isAdmin",
  "id",
  "deletedAt",
  "passwordHash",
  "status",
);

/** Any JSON value, of every type, including prototype keys and nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Number tokens JSON.stringify cannot write: written straight into the body text. */
const RAW_NUMBER_TOKENS = [
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "-0",
  "1e-400",
  "9007199254740993",
  "0x10",
  "01",
];

/**
 * A JSON body as text, so it can carry what a JavaScript object cannot: own __proto__ keys, repeated
 * keys, number tokens out of range, and nesting deeper than any parser should follow. Extra keys go into
 * the body's object, or into each object of an array body.
 */
export function jsonText(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const entry = fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 10 })), hostileValue);
  const withEntries = fc.tuple(valid, fc.array(entry, { maxLength: 3 })).map(([body, extra]) =>
    textWith(
      body,
      extra.map(([k, v]) => [k, JSON.stringify(v) ?? "null"] as const),
    ),
  );
  const withRawNumber = fc
    .tuple(valid, fc.string({ maxLength: 10 }), fc.constantFrom(...RAW_NUMBER_TOKENS))
    .map(([body, key, token]) => textWith(body, [[key || "id", token]], true));
  const pollution = fc
    .tuple(valid, fc.constantFrom("__proto__", "constructor"), hostileValue)
    .map(([body, key, value]) =>
      textWith(body, [
        [key, JSON.stringify({ role: "Admin", isAdmin: true, polluted: value, prototype: { polluted: 1 } })],
      ]),
    );
  const deep = fc
    .integer({ min: 100, max: 5_000 })
    .map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);
  const deepObject = fc
    .integer({ min: 100, max: 3_000 })
    .map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
  const broken = fc.oneof(
    fc.constantFrom(
      "",
      "{",
      "}",
      "[",
      "null",
      "0",
      '"text"',
      "true",
      "{'a':1}",
      '{"a":1,}',
      "\u0000",
      "\ufeff{}",
    ),
    fc.string({ unit: "binary", maxLength: 60 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((body) => JSON.stringify(body) ?? "null") },
    { weight: 2, arbitrary: withEntries },
    { weight: 1, arbitrary: withRawNumber },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: fc.oneof(deep, deepObject) },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? "null") },
  );
}

/** A body as JSON text with extra entries (already JSON text) first or last in its object(s). */
function textWith(body: unknown, extra: ReadonlyArray<readonly [string, string]>, first = false): string {
  if (Array.isArray(body)) return `[${body.map((item) => textWith(item, extra, first)).join(",")}]`;
  if (body === null || typeof body !== "object") return JSON.stringify(body) ?? "null";
  const own = Object.entries(body).map(([k, v]) => [k, JSON.stringify(v) ?? "null"] as const);
  const entries = first ? [...extra, ...own] : [...own, ...extra];
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

/** The JSON Schema of a route's zod schema, as the client must send it (before transforms). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/**
 * Values shaped by a JSON Schema, mostly plausible so that they get past validation into the services,
 * with hostile values mixed in at every level (wrong types, missing required keys, edge values).
 * `samples` are real values (ids of seeded records) tried for keys whose name they fit.
 */
export function fromSchema(
  schema: JsonSchema | undefined,
  samples: Record<string, string[]> = {},
  key = "",
): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  const sampled = samplesFor(key, samples);
  const plausible = plausibleOf(schema, samples, key);
  return fc.oneof(
    { weight: 6, arbitrary: sampled ? fc.oneof(plausible, fc.constantFrom(...sampled)) : plausible },
    { weight: 1, arbitrary: hostileValue },
  );
}

function samplesFor(key: string, samples: Record<string, string[]>) {
  const lower = key.toLowerCase();
  if (lower === "guidid" || lower.endsWith("id")) {
    const all = Object.values(samples).flat();
    return all.length > 0 ? all : undefined;
  }
  return undefined;
}

function plausibleOf(
  schema: JsonSchema,
  samples: Record<string, string[]>,
  key: string,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alt) => fromSchema(alt, samples, key)));
  }
  if (schema.allOf && schema.allOf.length > 0) return fromSchema(schema.allOf[0], samples, key);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => plausibleOf({ ...schema, type }, samples, key)));
  }
  switch (types[0]) {
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        record[name] = fromSchema(property, samples, name);
      const requiredKeys = Object.keys(properties).filter((name) => required.has(name));
      const full = fc.record(record, { requiredKeys });
      if (requiredKeys.length === 0) return full;
      // Now and then one required key is missing.
      const dropped = fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...requiredKeys) },
      );
      return fc.tuple(full, dropped).map(([value, drop]) => {
        const out: Record<string, unknown> = { ...value };
        if (drop) delete out[drop];
        return out;
      });
    }
    case "array":
      return fc.array(fromSchema(schema.items, samples, key), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "string":
      return plausibleString(schema.format, key);
    case "integer": {
      const low = Math.max(schema.minimum ?? -5, -1_000);
      return fc.oneof(
        fc.integer({ min: low, max: Math.max(low, Math.min(schema.maximum ?? 1_000, 1_000)) }),
        hostileNumber,
      );
    }
    case "number":
      return fc.oneof(fc.double({ min: -1_000, max: 1_000, noNaN: true }), hostileNumber);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

function plausibleString(format: string | undefined, key: string): fc.Arbitrary<string> {
  const lower = key.toLowerCase();
  if (format === "email" || lower.includes("email")) {
    return fc.oneof(
      fc.emailAddress(),
      hostileText.map((text) => `${text}@example.com`),
    );
  }
  if (format === "uuid" || lower === "guidid") return fc.oneof(fc.uuid(), hostileText);
  if (lower.includes("date")) {
    return fc.oneof(
      fc
        .date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      hostileText,
    );
  }
  if (
    lower.includes("time") ||
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].includes(lower)
  ) {
    return fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }))
        .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
      hostileText,
    );
  }
  if (lower.includes("password")) return fc.oneof(fc.string({ minLength: 8, maxLength: 80 }), hostileText);
  return fc.oneof(fc.string({ maxLength: 30 }), hostileText);
}

/** Percent-encodes any text, lone surrogates included (as UTF-8 would carry them: U+FFFD). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
  }
}

/** A path segment: encoded hostile text, or raw (odd percent codes, dots, slashes, huge). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileText.map((text) => encode(text)),
  fc.constantFrom(
    "%ZZ",
    "%00",
    "%",
    "..",
    ".",
    "%2e%2e",
    "%2F",
    "a%2Fb",
    "%C0%AE",
    "%ED%A0%80",
    "x".repeat(5_000),
    "-1",
    "0",
    "1.5",
    "1e309",
  ),
);

/**
 * The path of a route with its parameters filled: with real ids of seeded records (live, deleted, of
 * another kind) when `hostileRate` allows, else hostile segments.
 */
export function pathOf(url: string, ids: readonly string[], hostileRate = 0.5): fc.Arbitrary<string> {
  const names = url.match(/:[A-Za-z0-9_]+|\*/g) ?? [];
  if (names.length === 0) return fc.constant(url);
  const plausible = ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid();
  const weight = Math.round(hostileRate * 10);
  const segment = fc.oneof(
    { weight: 10 - weight, arbitrary: plausible },
    { weight, arbitrary: hostileSegment },
  );
  return fc.array(segment, { minLength: names.length, maxLength: names.length }).map((values) => {
    let filled = url;
    for (const [i, name] of names.entries()) filled = filled.replace(name, values[i] ?? "");
    return filled;
  });
}

/**
 * A query string for a route: its declared keys (page, pageSize, search, sort, ...) with plausible and
 * hostile values, plus unknown keys, repeated keys, bracket keys and broken percent codes.
 */
export function queryOf(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const declared = Object.keys(schema?.properties ?? {});
  const keys = fc.oneof(
    { weight: 4, arbitrary: declared.length > 0 ? fc.constantFrom(...declared) : fc.constant("page") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "page",
        "pageSize",
        "search",
        "sort",
        "__proto__",
        "constructor[prototype][x]",
        "a[b][c]",
        "role",
        "",
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const plausible = fc.oneof(
    fc.integer({ min: -5, max: 200 }).map(String),
    fc.constantFrom(
      "1",
      "10",
      "true",
      "false",
      "name",
      "-name",
      "createdAt desc",
      "Pending",
      "2024-01-01",
      "AppUser",
      "internal",
    ),
  );
  const value = fc.oneof(plausible, hostileText);
  const pair = fc
    .tuple(keys, value, fc.boolean())
    .map(([key, text, raw]) =>
      raw ? `${key}=${text.replaceAll("&", "%26").replaceAll("#", "%23")}` : `${encode(key)}=${encode(text)}`,
    );
  const repeated = fc
    .tuple(keys, fc.array(value, { minLength: 2, maxLength: 4 }))
    .map(([key, values]) => values.map((text) => `${encode(key)}=${encode(text)}`).join("&"));
  const odd = fc.constantFrom(
    "=",
    "&&&",
    "page",
    "page=",
    "=1",
    "%ZZ=%ZZ",
    "page=%",
    "?",
    "#",
    "page=1&page=2",
    "search=%00",
  );
  return fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: pair },
        { weight: 1, arbitrary: repeated },
        { weight: 1, arbitrary: odd },
      ),
      {
        maxLength: 6,
      },
    )
    .map((parts) => parts.join("&"));
}
