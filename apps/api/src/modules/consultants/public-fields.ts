import { LIST_INPUTS } from "@visadesk/contract/consultant-field-inputs-constants";
import {
  PUBLIC_SUMMARY_FIELDS,
  type PublicProfileField,
  type PublicSummaryField,
} from "@visadesk/contract/consultant-field-maps-constants";
import { CONSULTANT_FIELD_DECLARATIONS } from "@visadesk/contract/consultant-fields-constants";
import type { PublicConsultant } from "@visadesk/contract/customer-directory";
import type { Selectable } from "kysely";
import type { ConsultantsTable } from "./tables";

/*
 * What customers see of a consultant, read from the field registry (the fields declared `public`): the
 * directory selects these columns and copies them field by field, so a field marked public there reaches the
 * directory and the profile without being named here.
 */

/** The directory's columns: its summary fields, and the key and images it shows them with. */
export const DIRECTORY_COLUMNS = ["guidId", ...PUBLIC_SUMMARY_FIELDS, "logoUrl", "profilePic"] as Array<
  "guidId" | PublicSummaryField | "logoUrl" | "profilePic"
>;
export type DirectoryRow = Pick<Selectable<ConsultantsTable>, (typeof DIRECTORY_COLUMNS)[number]>;

/** A comma-joined column as a list: a public API answers a list as one. */
const listOf = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The public fields' values as customers get them: a list input as a list, numbers as numbers (PostgreSQL
 * answers a numeric as text), a flag as a boolean (SQLite stores 0 or 1), any other as stored.
 */
export function publicValues<F extends PublicSummaryField | PublicProfileField>(
  row: Pick<Selectable<ConsultantsTable>, F>,
  fields: readonly F[],
): Pick<PublicConsultant, F> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const { input } = CONSULTANT_FIELD_DECLARATIONS[field];
    const value = row[field] as unknown;
    if (LIST_INPUTS.includes(input)) values[field] = listOf(value as string | null);
    else if (input === "number") values[field] = value === null ? null : Number(value);
    else if (input === "status") values[field] = Boolean(value);
    else values[field] = value;
  }
  return values as Pick<PublicConsultant, F>;
}
