import {
  CONSULTANT_FIELD_DECLARATIONS,
  CONSULTANT_FIELD_NAMES,
} from "@visadesk/contract/consultant-fields-constants";
import { type ConsultantFields, consultantFieldsSchema } from "@visadesk/contract/consultants";
import { z } from "zod";
import { type HoursField, type HoursInput, hoursFields, hoursInputs } from "./consultant-form-values";

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
