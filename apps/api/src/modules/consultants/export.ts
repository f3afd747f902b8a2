import {
  CONSULTANT_CSV_ORDER,
  CONSULTANT_FIELD_DECLARATIONS,
  type ConsultantInput,
} from "@visadesk/contract/consultant-fields-constants";
import type { ConsultantListQuery } from "@visadesk/contract/consultants-list";
import { booleanCell, type CsvCell, numberCell, textCell, timestampCell } from "#api/db/csv-copy";
import type { AppDeps } from "#api/deps";
import { type CsvColumn, type CsvRows, csvRows, EXPORT_PAGE } from "#api/lib/lists";
import { recordExport } from "../audit/service";
import { filterOf } from "./consultant-list";
import * as list from "./list-repository";

const cellOf = {
  text: textCell,
  countries: textCell,
  languages: textCell,
  hours: textCell,
  number: numberCell,
  status: booleanCell,
} satisfies Record<ConsultantInput, (column: string) => CsvCell>;

/** The export's columns: what staff read in a spreadsheet (the declared CSV columns); never the images. */
export const CONSULTANT_CSV: CsvColumn<list.ExportedConsultant>[] = [
  { header: "Id", value: (c) => c.guidId, cell: textCell("consultants.guidId") },
  ...CONSULTANT_CSV_ORDER.map((field): CsvColumn<list.ExportedConsultant> => {
    const { csv, input } = CONSULTANT_FIELD_DECLARATIONS[field];
    return { header: csv, value: (c) => c[field], cell: cellOf[input](`consultants.${field}`) };
  }),
  { header: "Created At", value: (c) => c.createdAt, cell: timestampCell("consultants.createdAt") },
];

/** The export is audited before its first row goes out. */
export const recordConsultantExport = ({ db, clock }: Pick<AppDeps, "db" | "clock">, query: object) =>
  recordExport(db.kysely, "consultant", query, clock.now());

/**
 * Every consultant the list's query finds, in its order: PostgreSQL writes the CSV itself (COPY); on
 * SQLite the rows are read a page at a time, as read: every exported column is a stored field. Not the
 * answer (answerOf() copies each record with a spread), which at 100k rows made about 1 KB of each row
 * outlive two young collections and grew the server's memory by 100 MB (measured; without the copy:
 * about 20 MB).
 */
export const exportConsultants = (
  { db }: Pick<AppDeps, "db">,
  query: ConsultantListQuery,
  columns: readonly CsvColumn<list.ExportedConsultant>[],
): CsvRows<list.ExportedConsultant> =>
  csvRows(db, columns, {
    copy: async (cells) => [list.copyConsultants(db, filterOf(query), query.sort, cells)],
    pages: (reader) => list.exportConsultants(reader, filterOf(query), query.sort, EXPORT_PAGE),
  });
