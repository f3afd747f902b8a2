import type { ZodType } from "zod";
import type { ConsultantFieldRules } from "./consultant-field-rules";

/** The kinds of consultant form input, and the shape of a field's declaration. */

/** "9:00 AM" or "17:30" -> "17:30" for a time input; "" when it cannot be read. */
export function toTimeInput(text: string | undefined): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm)?$/i.exec(text?.trim() ?? "");
  if (!match) return "";
  let hours = Number(match[1]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  return hours > 23 ? "" : `${String(hours).padStart(2, "0")}:${match[2]}`;
}

type Status = "" | "true" | "false";
/** A comma-joined list of known values, held as a list by a multiple choice (a blank list of its own). */
const list = () => ({
  blank: [] as string[],
  shown: (value: string | null): string[] => (value ?? "").split(",").filter(Boolean),
});
/** The form's inputs: what each holds when blank, and a stored value as the input holds it. */
export const consultantInputs = {
  text: { blank: "" as string, shown: (value: string | null): string => value ?? "" },
  /** Numbers stay as typed until the rule parses them. */
  number: { blank: "" as number | string, shown: (value: number | null): number | string => value ?? "" },
  /** "" is the blank "Select Status" option. */
  status: { blank: "" as Status, shown: (value: boolean): Status => (value ? "true" : "false") },
  countries: list(),
  languages: list(),
  /** Two time inputs (<field>Start, <field>End), joined as "start - end" only when both are set. */
  hours: {
    blank: { start: "", end: "" },
    shown: (value: string | null) => {
      const [start, end] = (value ?? "").split(" - ");
      return { start: toTimeInput(start), end: toTimeInput(end) };
    },
  },
} as const;
export type ConsultantInput = keyof typeof consultantInputs;
/** The inputs that hold a list: a multipart part per item, a list in the customer API's answers. */
export const LIST_INPUTS: readonly ConsultantInput[] = ["countries", "languages"];

/** What each consultant field declares (consultant-fields-constants.ts). */
export interface ConsultantFieldDeclaration {
  /** How the form, the conflict alert and the History tab name it. */
  label: string;
  /** Its name in the multipart form of Consultants/register and Consultants/update (the spec's casing). */
  multipart: string;
  /** Its column header in the CSV export (CONSULTANT_CSV_ORDER places it); absent: not exported. */
  csv?: string;
  /** Its absence gives "Please fill in all required fields". */
  required: boolean;
  /** Its changes go into the consultant's history. */
  audited: boolean;
  /** Its value never goes into the history or an export: a change is recorded as "changed". */
  secret: boolean;
  /** The list's search finds a consultant by it (the database derives the search text, migration 001). */
  searchable: boolean;
  input: ConsultantInput;
  /** The rule a value passes, on the form and on the server. */
  rule: (r: ConsultantFieldRules) => ZodType;
  /** The field as the API answers it. */
  answer: (r: ConsultantFieldRules) => ZodType;
  /**
   * Customers see it: in the directory and on the profile ("summary"), or on the profile only ("profile");
   * absent: staff only. A list input is answered to customers as a list.
   */
  public?: "summary" | "profile";
}

/** A list that names each of `All` (one left out does not compile). */
export const namingEach =
  <All extends string>() =>
  <const L extends readonly All[]>(
    list: L & ([Exclude<All, L[number]>] extends [never] ? unknown : { missing: Exclude<All, L[number]> }),
  ) =>
    list;
