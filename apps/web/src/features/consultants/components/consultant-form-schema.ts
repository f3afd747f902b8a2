import {
  CONSULTANT_FIELD_DECLARATIONS,
  CONSULTANT_FIELD_NAMES,
  type ConsultantField,
  type ConsultantFieldOf,
  consultantInputs,
} from "@visadesk/contract/consultant-fields-constants";
import {
  type Consultant,
  type ConsultantFields,
  consultantFieldsSchema,
} from "@visadesk/contract/consultants";
import { z } from "zod";

/** Business hours and the like: one field, two time inputs (<field>Start and <field>End). */
type HoursField = ConsultantFieldOf<"input", "hours">;
type HoursInput = `${HoursField}${"Start" | "End"}`;
type Shown<F extends ConsultantField> = ReturnType<
  (typeof consultantInputs)[(typeof CONSULTANT_FIELD_DECLARATIONS)[F]["input"]]["shown"]
>;

/** What the form's inputs hold (each field's declared input); numbers stay as typed until the rules parse them. */
export type ConsultantFormValues = { [F in Exclude<ConsultantField, HoursField>]: Shown<F> } & {
  [I in HoursInput]: string;
};

const hoursFields = CONSULTANT_FIELD_NAMES.filter(
  (field) => CONSULTANT_FIELD_DECLARATIONS[field].input === "hours",
) as HoursField[];
const hoursInputs = (field: HoursField) => [`${field}Start`, `${field}End`] as const;

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

/** The API's consultant rules (one rule set, packages/contract) plus the hours' join. */
export const consultantFormSchema = consultantFieldsSchema
  .omit(Object.fromEntries(hoursFields.map((field) => [field, true])) as Record<HoursField, true>)
  .extend(
    Object.fromEntries(
      hoursFields.flatMap((field) => hoursInputs(field).map((input) => [input, z.string()])),
    ) as Record<HoursInput, z.ZodString>,
  )
  .transform((values) => {
    const fields: Record<string, unknown> = {};
    for (const field of CONSULTANT_FIELD_NAMES) {
      if (CONSULTANT_FIELD_DECLARATIONS[field].input !== "hours") {
        fields[field] = values[field as keyof typeof values];
        continue;
      }
      const [start, end] = hoursInputs(field as HoursField).map((input) => values[input]);
      fields[field] = start && end ? `${start} - ${end}` : null;
    }
    return fields as ConsultantFields;
  });

export const blankConsultant = formValues(
  (field) => consultantInputs[CONSULTANT_FIELD_DECLARATIONS[field].input].blank,
);

/** The stored consultant as form values (edit mode). */
export const formValuesOf = (consultant: Consultant): ConsultantFormValues =>
  formValues((field) =>
    consultantInputs[CONSULTANT_FIELD_DECLARATIONS[field].input].shown(consultant[field] as never),
  );
