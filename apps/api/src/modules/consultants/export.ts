import type { ConsultantListQuery } from "@visadesk/contract/consultants-list";
import { booleanCell, numberCell, textCell, timestampCell } from "#api/db/csv-copy";
import type { AppDeps } from "#api/deps";
import { type CsvColumn, type CsvRows, csvRows, EXPORT_PAGE } from "#api/lib/lists";
import { recordExport } from "../audit/service";
import { filterOf } from "./consultant-list";
import * as list from "./list-repository";

/** The export's columns: what staff read in a spreadsheet; never the images. */
export const CONSULTANT_CSV: CsvColumn<list.ExportedConsultant>[] = [
  { header: "Id", value: (c) => c.guidId, cell: textCell("consultants.guidId") },
  { header: "Name", value: (c) => c.name, cell: textCell("consultants.name") },
  { header: "Business Name", value: (c) => c.businessName, cell: textCell("consultants.businessName") },
  { header: "Email", value: (c) => c.contactEmail, cell: textCell("consultants.contactEmail") },
  { header: "Phone", value: (c) => c.phoneNumber, cell: textCell("consultants.phoneNumber") },
  { header: "Office Number", value: (c) => c.officeNumber, cell: textCell("consultants.officeNumber") },
  { header: "Countries", value: (c) => c.country, cell: textCell("consultants.country") },
  { header: "Website", value: (c) => c.website, cell: textCell("consultants.website") },
  { header: "Address", value: (c) => c.address, cell: textCell("consultants.address") },
  { header: "Visa Offer", value: (c) => c.visaOffer, cell: textCell("consultants.visaOffer") },
  { header: "Services", value: (c) => c.services, cell: textCell("consultants.services") },
  { header: "Fee", value: (c) => c.fee, cell: numberCell("consultants.fee") },
  { header: "Experience", value: (c) => c.experience, cell: numberCell("consultants.experience") },
  { header: "Rating", value: (c) => c.rating, cell: numberCell("consultants.rating") },
  { header: "Approved", value: (c) => c.isApproved, cell: booleanCell("consultants.isApproved") },
  { header: "Premium", value: (c) => c.isPremium, cell: booleanCell("consultants.isPremium") },
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
    pages: () => list.exportConsultants(db, filterOf(query), query.sort, EXPORT_PAGE),
  });
