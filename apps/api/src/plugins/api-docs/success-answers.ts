import type { Json } from "./json";

/**
 * What each success answer is, said in its description when the route's declaration did not say it (the
 * generator would write "Default Response", or the summary again): read from the answer's schema — the
 * record it names, the list it holds and what comes with it, or the fields it has.
 */

/** "CustomerAppointment" → "customer appointment". */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
const refName = (schema: Json | undefined) =>
  typeof schema?.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;
const fieldList = (names: string[]) => names.map((name) => `\`${name}\``).join(", ");

/** The description of a success answer of this schema, given its status and the operation's method. */
export function successDescription(
  schema: Json | undefined,
  components: Record<string, Json>,
  status: string,
  method: string,
): string {
  if (status === "204" || !schema) return "Done: the answer has no body";
  if (typeof schema.description === "string" && schema.description) return schema.description;
  const record = refName(schema);
  if (record) {
    const what = words(record);
    const about = components[record]?.description;
    const said = typeof about === "string" && about ? ` (${about.replace(/\.$/, "")})` : "";
    if (status === "201") return `The ${what} just created, as the server recorded it${said}`;
    return `${method === "get" ? `The ${what}` : `The ${what} as it is after this request`}${said}`;
  }
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const names = Object.keys(properties);
  const items = properties.data?.type === "array" ? (properties.data.items as Json | undefined) : undefined;
  if (items) {
    const of = refName(items);
    const parts = [`A list of ${of ? `${words(of)} records` : "rows"} in \`data\``];
    if (names.includes("total"))
      parts.push("`total` counts every match (an estimate when `totalIsEstimate` is true)");
    if (names.includes("nextCursor")) parts.push("`nextCursor` asks for the next page (null on the last)");
    const rest = names.filter((name) => !["data", "total", "totalIsEstimate", "nextCursor"].includes(name));
    if (rest.length > 0) parts.push(`with ${fieldList(rest)}`);
    return parts.join("; ");
  }
  if (names.length === 1 && names[0] === "message") return "Done: `message` says so, in words fit to show";
  if (names.length > 0) return `An object of ${fieldList(names)}`;
  if (schema.type === "array") {
    const of = refName(schema.items as Json | undefined);
    return `A list of ${of ? `${words(of)} records` : "values"}`;
  }
  return `A ${String(schema.type ?? "value")}`;
}

/** Replaces each success answer's description that only repeats the summary (or says nothing). */
export function describeSuccessAnswers(document: Json & { paths?: Json; components?: { schemas?: Json } }) {
  const components = (document.components?.schemas ?? {}) as Record<string, Json>;
  for (const operations of Object.values(document.paths ?? {}) as Array<Record<string, Json>>) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        if (!/^2/.test(status)) continue;
        if (answer.description !== operation.summary && answer.description !== "Default Response") continue;
        const content = (answer.content ?? {}) as Record<string, { schema?: Json }>;
        const schema = content["application/json"]?.schema;
        if (!schema && Object.keys(content).length > 0) continue;
        answer.description = successDescription(schema, components, status, method);
      }
    }
  }
}
