import { Readable } from "node:stream";
import type { BulkResult } from "@visadesk/contract/lists";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import { AppError } from "./errors";

/**
 * An export reads this many rows per query: memory holds about one page, whatever the list's size. Small
 * pages also keep rows young: a page that outlives a few young collections is promoted to the old
 * generation, which then grows with every page until a full collection.
 */
export const EXPORT_PAGE = 200;

/**
 * Runs a bulk action row by row, in the order asked. A refused row (any error of the single action, in its
 * own words) does not stop the others; an unexpected failure is not hidden behind a row's message.
 */
export async function eachRow(
  ids: readonly string[],
  run: (id: string) => Promise<void>,
): Promise<BulkResult> {
  const results: BulkResult["results"] = [];
  for (const id of ids) {
    try {
      await run(id);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return { results };
}

/** A cell a spreadsheet would run as a formula starts with one of these; a leading ' makes it text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const neutralised = (value: unknown) =>
  typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * Answers rows as a CSV download: UTF-8 with a BOM (so spreadsheets read it as UTF-8), a dated file name,
 * every cell that could be read as a formula neutralised. The rows are pulled from `rows` as the client
 * reads, so a slow download holds the database's next page back instead of piling rows up in memory.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T>,
): void {
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    cast: { boolean: (value) => (value ? "true" : "false") },
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => neutralised(column.value(row)) ?? "");
    })(),
  );
  source.on("error", (error) => csv.destroy(error));
  source.pipe(csv);
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(csv);
}

/** "consultants-2026-11-23.csv": what the file holds and the day it was taken. */
export const datedFileName = (what: string, at: Date = new Date()) =>
  `${what}-${at.toISOString().slice(0, 10)}.csv`;
