import { PassThrough, pipeline, Readable } from "node:stream";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { BulkResult } from "@visadesk/contract/lists";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import type { CsvCell } from "#api/db/csv-copy";
import type { Db } from "#api/db/database";
import { bulkReads } from "#api/db/sqlite-bulk-reads";
import { AppError } from "./errors";

/** An export reads this many rows per query: memory holds about one page, whatever the list's size. */
export const EXPORT_PAGE = 200;

/**
 * The pages of an export, read on demand: each call reads the next page (the last one may be empty), then
 * undefined. Between calls nothing but the position is kept, so no page stays referenced while the client
 * downloads the text of the one before (a generator would keep its last page until resumed).
 */
export type PageReader<T> = () => Promise<T[] | undefined>;

/**
 * A reader whose pages are mapped row by row. Map to a small object of the exported fields, never to a
 * copy of the whole record with a spread: that copy, per row, is what grew the old generation by about
 * 1 KB a row during an export (measured: 103 MB at 100k consultants, 25 MB without it).
 */
export const mapPages =
  <T, U>(read: PageReader<T>, map: (row: T) => U): PageReader<U> =>
  async () =>
    (await read())?.map(map);

/** The rows of one page of a list: pages count from 1 and hold PAGE_SIZE rows unless asked otherwise. */
export function pageWindow(query: { page?: number | undefined; pageSize?: number | undefined }) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The pages of several readers, one after the other. */
export function chainPages<T>(readers: readonly PageReader<T>[]): PageReader<T> {
  let at = 0;
  return async () => {
    for (; at < readers.length; at += 1) {
      const rows = await readers[at]!();
      if (rows) return rows;
    }
    return undefined;
  };
}

/** Whether a record already holds every value an action would set: the action then leaves it unchanged. */
export const alreadyAsAsked = <R>(record: R, change: { [K in keyof R]?: R[K] }) =>
  Object.entries(change).every(([field, value]) => record[field as keyof R] === value);

/**
 * Runs a bulk action row by row, in the order asked, each id once. A refused row (any error of the single action, in its
 * own words) does not stop the others; an unexpected failure is not hidden behind a row's message. A row
 * the action found already as asked (run answers false) is ok but unchanged, so an Undo leaves it alone.
 */
export async function eachRow(
  ids: readonly string[],
  run: (id: string) => Promise<boolean | undefined>,
): Promise<BulkResult> {
  const results: BulkResult["results"] = [];
  // An id named twice runs once: a repeated id must not repeat the action (a reminder mailed 50 times).
  for (const id of new Set(ids)) {
    try {
      const changed = (await run(id)) !== false;
      results.push({ id, ok: true, changed });
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
  /** The same cell written by PostgreSQL, for an export it streams itself (db/csv-copy.ts). */
  cell: CsvCell;
}

/**
 * Where an export's records come from: pages of rows the server writes as CSV (`close` ends their reading,
 * after the last page or when the download stops early), or (PostgreSQL) the records the database writes
 * itself with COPY, in the columns' order.
 */
export type CsvRows<T> =
  | { pages: PageReader<T>; close?: () => void }
  | { copied: () => AsyncIterable<Buffer> };

/**
 * An export's records: COPY where the database has it (PostgreSQL), writing the columns' cells; pages of
 * rows elsewhere, read from the Db `pages` is given: on SQLite a connection of the export's own, so the
 * whole list does not pass through the app's page cache (db/sqlite-bulk-reads.ts). `copy` answers the COPY
 * statements of the cells (db/csv-copy.ts, copyOf), run one after the other.
 */
export function csvRows<T>(
  db: Db,
  columns: readonly CsvColumn<T>[],
  read: { copy: (cells: CsvCell[]) => Promise<readonly string[]>; pages: (reader: Db) => PageReader<T> },
): CsvRows<T> {
  const copyOut = db.copyOut;
  if (!copyOut) {
    const reads = bulkReads(db, read.pages);
    return { pages: reads.read, close: reads.close };
  }
  return {
    async *copied() {
      for (const statement of await read.copy(columns.map((column) => column.cell)))
        yield* copyOut(statement);
    },
  };
}

/**
 * Answers rows as a CSV download: UTF-8 with a BOM (so spreadsheets read it as UTF-8), a dated file name,
 * every cell that could be read as a formula neutralised. The text is streamed from an async generator
 * through pipeline, which keeps the backpressure: the next page (or the database's next bytes) is read only
 * when the client has taken what came before.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn<T>[],
  records: CsvRows<T>,
): void {
  const text =
    "copied" in records
      ? copiedText(columns, records.copied)
      : pagesText(columns, records.pages, records.close);
  const body = new PassThrough();
  // A failure half-way ends the download short (pipeline destroys both streams): the client sees a cut
  // download, the operator a log line. A client that goes away is no failure.
  pipeline(Readable.from(text, { objectMode: false }), body, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE")
      reply.log.error({ err: error }, "export cut short");
  });
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(body);
}

const headerText = (columns: readonly CsvColumn<never>[]) =>
  Buffer.from(stringify([], { bom: true, header: true, columns: columns.map((column) => column.header) }));

/** The header, then the records as PostgreSQL writes them. */
async function* copiedText<T>(columns: readonly CsvColumn<T>[], copied: () => AsyncIterable<Buffer>) {
  yield headerText(columns);
  yield* copied();
}

/**
 * The header, then each page as one piece of text (csv-stringify's sync writer, faster than a row at a time
 * through its stream). A page lives inside one step only: what waits for the client is its text.
 */
async function* pagesText<T>(columns: readonly CsvColumn<T>[], read: PageReader<T>, close?: () => void) {
  const cast = { boolean: (value: boolean) => (value ? "true" : "false") };
  const csv = async () => {
    const rows = await read();
    return (
      rows &&
      Buffer.from(
        stringify(
          rows.map((row) => columns.map((column) => neutralised(column.value(row)) ?? "")),
          { cast },
        ),
      )
    );
  };
  try {
    yield headerText(columns);
    for (let piece = await csv(); piece; piece = await csv()) if (piece.length > 0) yield piece;
  } finally {
    // Also when the download stops half-way: pipeline ends the generator, which lands here.
    close?.();
  }
}

/** "consultants-2026-11-23.csv": what the file holds and the day it was taken. */
export const datedFileName = (what: string, at: Date = new Date()) =>
  `${what}-${at.toISOString().slice(0, 10)}.csv`;
