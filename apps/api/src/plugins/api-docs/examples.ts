import type { Json } from "./json";

/**
 * An example for every request body and every success answer of the documents that has none of its own:
 * made from its schema (each field's format, pattern, enum, length and bounds), its values those of one
 * plausible customer, consultant and appointment, chosen by the field's name. The API suite validates every
 * example against its schema (api-docs/examples.test.ts).
 */

/** One person, one consultant, one appointment: the values a field of that name takes. */
const BY_NAME: Record<string, unknown> = {
  name: "Ayesha Khan",
  firstName: "Ayesha",
  lastName: "Khan",
  fullName: "Ayesha Khan",
  userName: "ayesha.khan",
  businessName: "Khan Visa Consultants",
  email: "ayesha.khan@example.com",
  contactEmail: "info@khanvisa.example.com",
  phoneNumber: "+92 300 1234567",
  officeNumber: "+92 42 35761234",
  officePhone: "+92 42 35761234",
  address: "12 Mall Road",
  city: "Lahore",
  state: "Punjab",
  zipCode: "54000",
  website: "https://khanvisa.example.com",
  aboutInfo: "Ten years of student and work visas for Canada and the UK.",
  visaOffer: "Student and work visas",
  services: "Student visa, Work visa",
  tags: "student, work",
  description: "Work visa for Canada: first consultation",
  reason: "My travel dates changed",
  cancellationReason: "My travel dates changed",
  rejectionReason: "The photo of the card is not readable",
  cnicRejectionReason: "The photo of the card is not readable",
  title: "Call the consultant back",
  text: "Asked for the bank statements; they will send them on Monday.",
  body: "Asked for the bank statements; they will send them on Monday.",
  note: "Asked for the bank statements; they will send them on Monday.",
  message: "Done.",
  deviceName: "Ayesha's phone",
  timeZone: "Asia/Karachi",
  consultantTimeZone: "Asia/Karachi",
  currency: "PKR",
  language: "en",
  password: "Lahore-Spring-2026",
  newPassword: "Lahore-Spring-2026",
  currentPassword: "Karachi-Winter-2025",
  confirmPassword: "Lahore-Spring-2026",
  token: "q1vV3mXn0bJ7sYt2kQ9wLz8aR4dF6hG5jK3mN1pB0cE",
  refreshToken: "q1vV3mXn0bJ7sYt2kQ9wLz8aR4dF6hG5jK3mN1pB0cE",
  accessToken: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
  country: "canada",
  countries: "canada",
  languagesSpoken: "urdu",
  languages: "urdu",
  visaTypes: "student visa",
  cnic: "35202-1234567-1",
  dateOfBirth: "1990-04-15",
  gender: "Female",
  day: "monday",
  start: "09:00",
  end: "17:00",
  time: "10:00",
  appointmentTime: "10:00",
  logoUrl: "/files/3f1c9a52-7b2e-4d7a-9c1e-5a8b2f0d4e61.webp",
  logoURL: "/files/3f1c9a52-7b2e-4d7a-9c1e-5a8b2f0d4e61.webp",
  profilePic: "/files/8d2e4b17-0c6a-4f3b-a5d9-1e7c3b9f2a40.webp",
  fee: 15_000,
  rating: 4.5,
  experience: 8,
  satisfiedClients: 120,
  total: 1,
  version: 1,
  slotMinutes: 30,
  latitude: 31.5497,
  endsAt: "2026-12-03T05:30:00.000Z",
  changeableUntil: "2026-12-02T05:00:00.000Z",
  from: "Karachi",
  to: "Lahore",
  longitude: 74.3436,
};
const DATE = "2026-12-03";
const INSTANT = "2026-12-03T05:00:00.000Z";
const UUID = "3f1c9a52-7b2e-4d7a-9c1e-5a8b2f0d4e61";
/** Strings tried, in turn, for a field of a pattern the name does not answer. */
const PATTERN_TRIES = [
  DATE,
  "10:00",
  UUID,
  `${UUID}.webp`,
  "35202-1234567-1",
  "123456",
  "3",
  "canada",
  "canada,uk",
  "slot_taken",
  `${INSTANT}~42`,
  "2b9e4c1a-6f3d-4e8a",
];

type Components = Record<string, Json>;

/** A value valid against the schema (undefined when none is found), `name` being the field it is for. */
export function exampleOf(schema: unknown, components: Components, name = "", depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 12) return undefined;
  const node = schema as Json;
  if (typeof node.$ref === "string") {
    const target = components[node.$ref.replace("#/components/schemas/", "")];
    return exampleOf(target, components, name, depth + 1);
  }
  if ("example" in node) return node.example;
  if ("const" in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum.find((value) => value !== null) ?? null;
  if (Array.isArray(node.allOf)) {
    return Object.assign({}, ...node.allOf.map((part) => exampleOf(part, components, name, depth + 1)));
  }
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    for (const branch of branches) {
      if ((branch as Json).type === "null") continue;
      const value = exampleOf(branch, components, name, depth + 1);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  switch (node.type) {
    case "object":
      return objectExample(node, components, depth);
    case "array": {
      // A list named by its values ("languagesSpoken") has its own entry; else its items are named singly.
      const itemName = typeof BY_NAME[name] === "string" ? name : singular(name);
      const item = exampleOf(node.items, components, itemName, depth + 1);
      if (item === undefined) return [];
      const count = Math.max(1, Number(node.minItems ?? 1));
      return Array.from({ length: Math.min(count, Number(node.maxItems ?? count)) }, () => item);
    }
    case "string":
      return stringExample(node, name);
    case "integer":
    case "number":
      return numberExample(node, name);
    case "boolean":
      return !/^(is)?(deleted|locked|replayed|removed|blocked)/i.test(name);
    default:
      // Any value (a history's old and new value of a field): a text, as most fields are.
      return Object.keys(node).every((key) => key === "description") ? words(name) : undefined;
  }
}

function objectExample(node: Json, components: Components, depth: number) {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const value: Json = {};
  for (const [key, property] of Object.entries(properties)) {
    const example = exampleOf(property, components, key, depth + 1);
    if (example !== undefined) value[key] = example;
  }
  const extra = node.additionalProperties;
  if (Object.keys(properties).length === 0 && extra && typeof extra === "object") {
    const example = exampleOf(extra, components, "", depth + 1);
    if (example !== undefined) value.city = example;
  }
  return value;
}

const singular = (name: string) => name.replace(/(ies)$/, "y").replace(/s$/, "");

function fits(node: Json, value: string): boolean {
  if (typeof node.maxLength === "number" && value.length > node.maxLength) return false;
  if (typeof node.minLength === "number" && value.length < node.minLength) return false;
  if (typeof node.pattern === "string" && !new RegExp(node.pattern, "u").test(value)) return false;
  return true;
}

function stringExample(node: Json, name: string): string | undefined {
  const byFormat: Record<string, string> = {
    uuid: UUID,
    date: DATE,
    "date-time": INSTANT,
    email: String(BY_NAME.email),
    binary: "(the file's bytes)",
    uri: String(BY_NAME.website),
  };
  const named = BY_NAME[name];
  const guesses = [
    typeof node.format === "string" ? byFormat[node.format] : undefined,
    typeof named === "string" ? named : undefined,
    /guid|Id$/.test(name) ? UUID : undefined,
    /At$|Until$/.test(name) ? INSTANT : undefined,
    /date|^from$|^to$/i.test(name) ? DATE : undefined,
    ...(typeof node.pattern === "string" ? PATTERN_TRIES : []),
    typeof named === "string" ? undefined : words(name),
  ];
  for (const guess of guesses) if (guess !== undefined && fits(node, guess)) return guess;
  return undefined;
}

/** "visaOffer" → "Visa offer": a field's name as the text a person might have typed in it. */
const words = (name: string) => {
  const text = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase() || "text";
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function numberExample(node: Json, name: string): number {
  const named = BY_NAME[name];
  let value = typeof named === "number" ? named : 1;
  if (typeof node.minimum === "number") value = Math.max(value, node.minimum);
  if (typeof node.exclusiveMinimum === "number") value = Math.max(value, node.exclusiveMinimum + 1);
  if (typeof node.maximum === "number") value = Math.min(value, node.maximum);
  return node.type === "integer" ? Math.round(value) : value;
}

/** The media types whose examples are made: JSON and forms (another, a CSV or an image, says itself). */
const EXAMPLED = ["application/json", "multipart/form-data"];

/** Gives each request body and success answer of the document an example, when it has none. */
export function addExamples(document: Json & { paths?: Json; components?: { schemas?: Json } }) {
  const components = (document.components?.schemas ?? {}) as Components;
  for (const operations of Object.values(document.paths ?? {}) as Array<Record<string, Json>>) {
    for (const operation of Object.values(operations)) {
      const body = operation.requestBody as { content?: Record<string, Json> } | undefined;
      const answers = Object.entries((operation.responses ?? {}) as Record<string, Json>)
        .filter(([status]) => /^2/.test(status))
        .map(([, answer]) => answer as { content?: Record<string, Json> });
      for (const content of [body?.content, ...answers.map((answer) => answer.content)]) {
        for (const [type, media] of Object.entries(content ?? {})) {
          if (!EXAMPLED.includes(type) || "example" in media || "examples" in media) continue;
          const example = exampleOf(media.schema, components);
          if (example !== undefined) media.example = example;
        }
      }
    }
  }
}
