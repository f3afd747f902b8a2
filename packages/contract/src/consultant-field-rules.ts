import { z } from "zod";
import { formBoolean } from "./common";
import { COUNTRY_VALUES, consultantMessages, LANGUAGE_VALUES } from "./consultants-constants";
import { isBlankOrPhoneNumber, isPhoneNumber, phoneNumberMessages } from "./phone-number";
import { timeZoneInputSchema } from "./scheduling";

/**
 * The building blocks of the consultant fields' rules (consultant-fields-constants.ts picks one per field):
 * kept apart so the field registry stays free of zod and the pages that only name fields stay light.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value || null);
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A number typed in a form or sent as multipart text; blank means "not given". */
const optionalNumber = <T extends z.ZodType<number>>(check: T) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? undefined : Number(value)),
    check.optional(),
  );

const hasAtMostDecimals = (places: number) => (value: number) =>
  Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;

/**
 * A list of known values (countries, languages) comes as a list (a multipart part per item, or a JSON
 * array) or comma-joined (one part, as the spec's client sends countries, or an item of the list); all end
 * comma-joined, lowercased, each once.
 */
const choices = (values: readonly string[], message: string) => () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : [value ?? ""])
        .flatMap((item) => item.split(","))
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((item) => values.includes(item)), message)
    .transform((list) => (list.length ? [...new Set(list)].join(",") : null));
const countries = choices(COUNTRY_VALUES, consultantMessages.countryInvalid);
const languages = choices(LANGUAGE_VALUES, consultantMessages.languageInvalid);

/** The blank "Select Status" option means no. */
const flag = () => formBoolean.optional().transform((value) => value ?? false);

export const consultantFieldRules = {
  // The few zod builders the fields use, not zod itself: handing out the namespace would keep all of it
  // (every locale's messages) in each page that loads a form.
  z: { string: z.string, number: z.number, email: z.email, boolean: z.boolean },
  /** The consultant form's messages. */
  m: consultantMessages,
  phone: { isNumber: isPhoneNumber, isBlankOrNumber: isBlankOrPhoneNumber, m: phoneNumberMessages },
  text,
  required,
  optionalNumber,
  hasAtMostDecimals,
  countries,
  languages,
  flag,
  /** IANA zone; blank = keep (new consultants: BUSINESS_TIMEZONE). */
  timeZone: () => timeZoneInputSchema,
};
export type ConsultantFieldRules = typeof consultantFieldRules;
