import type { Json } from "./json";

/**
 * The success answer of a CSV export, as the documents write it: its columns named in its description, and
 * an example of its first line as the server writes it. Every route whose declaration `produces` text/csv
 * names its columns in its route config (`csvColumns`), from the same list its rows are written by.
 */

export const CSV = "text/csv";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A CSV export: its columns' headers in order, for the document (csvAnswer). */
    csvColumns?: readonly string[];
  }
}

/** The header line of the export (csv-stringify's quoting: a header holding a comma or a quote is quoted). */
const headerLine = (columns: readonly string[]) =>
  `${columns.map((column) => (/[",\r\n]/.test(column) ? `"${column.replace(/"/g, '""')}"` : column)).join(",")}\n`;

/** Completes a CSV answer's media: the columns in its description, its header line as its example. */
export function csvAnswer(answer: Json, columns: readonly string[]) {
  const media = (answer.content as Record<string, Json> | undefined)?.[CSV];
  if (!media || columns.length === 0) return;
  const schema = (media.schema ?? {}) as Json;
  media.schema = {
    ...schema,
    description: `${schema.description ?? "CSV text"}; its columns: ${columns.join(", ")}`,
  };
  // The header line alone: what the export of a list that matches nothing is, and each export's first line.
  media.example = headerLine(columns);
}
