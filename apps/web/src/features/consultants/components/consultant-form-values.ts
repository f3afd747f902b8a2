import {
  CONSULTANT_FIELD_DECLARATIONS,
  CONSULTANT_FIELD_NAMES,
  type ConsultantField,
  type ConsultantFieldOf,
  consultantInputs,
} from "@visadesk/contract/consultant-fields-constants";
import type { Consultant } from "@visadesk/contract/consultants";

// Without zod: the form draws from these; its rules (consultant-form-schema.ts) load after the page.

/** Business hours and the like: one field, two time inputs (<field>Start and <field>End). */
export type HoursField = ConsultantFieldOf<"input", "hours">;
export type HoursInput = `${HoursField}${"Start" | "End"}`;
type Shown<F extends ConsultantField> = ReturnType<
  (typeof consultantInputs)[(typeof CONSULTANT_FIELD_DECLARATIONS)[F]["input"]]["shown"]
>;

/** What the form's inputs hold (each field's declared input); numbers stay as typed until the rules parse them. */
export type ConsultantFormValues = { [F in Exclude<ConsultantField, HoursField>]: Shown<F> } & {
  [I in HoursInput]: string;
};

export const hoursFields = CONSULTANT_FIELD_NAMES.filter(
  (field) => CONSULTANT_FIELD_DECLARATIONS[field].input === "hours",
) as HoursField[];
export const hoursInputs = (field: HoursField) => [`${field}Start`, `${field}End`] as const;

/** The form's values in the fields' order, each hours field as its two inputs. */
function formValues(value: (field: ConsultantField) => unknown): ConsultantFormValues {
  const values: Record<string, unknown> = {};
  for (const field of CONSULTANT_FIELD_NAMES) {
    const shown = value(field);
    if (CONSULTANT_FIELD_DECLARATIONS[field].input !== "hours") values[field] = shown;
    else {
      const [start, end] = hoursInputs(field as HoursField);
      const hours = shown as { start: string; end: string };
      values[start] = hours.start;
      values[end] = hours.end;
    }
  }
  return values as ConsultantFormValues;
}

export const blankConsultant = formValues(
  (field) => consultantInputs[CONSULTANT_FIELD_DECLARATIONS[field].input].blank,
);

/** The stored consultant as form values (edit mode). */
export const formValuesOf = (consultant: Consultant): ConsultantFormValues =>
  formValues((field) =>
    consultantInputs[CONSULTANT_FIELD_DECLARATIONS[field].input].shown(consultant[field] as never),
  );
