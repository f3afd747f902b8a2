import { z } from "zod";
import { formBoolean, pageQuerySchema, totalIsEstimateSchema } from "./common";
import { consultantSchema } from "./consultants";
import {
  CONSULTANT_SORT_PARAMS,
  COUNTRY_OPTIONS,
  type ConsultantSortParam,
  type CountryValue,
  consultantMessages,
} from "./consultants-constants";
import { exactTotalParamSchema, type SortOrder, yesNoParamSchema } from "./lists";
import { CONSULTANT_SORTS, type ConsultantSort, listMessages } from "./lists-constants";

/**
 * sort=<field> or sort=-<field>, as an enum (so the document lists the orders and a caller's wrong field
 * does not compile); spaces around it are ignored and anything else is a 400 naming the fields.
 */
const sortParamSchema = z
  .preprocess(
    (value: ConsultantSortParam, ctx) => {
      if (typeof value === "string") return value.trim();
      ctx.addIssue({ code: "invalid_type", expected: "string", input: value });
      return value;
    },
    z.enum(CONSULTANT_SORT_PARAMS, { error: listMessages.sortInvalid(CONSULTANT_SORTS) }),
  )
  .transform(
    (value): SortOrder<ConsultantSort> => ({
      field: value.replace(/^-/, "") as ConsultantSort,
      descending: value.startsWith("-"),
    }),
  )
  .optional();

const COUNTRIES = COUNTRY_OPTIONS.map((option) => option.value);
const country = z.enum(COUNTRIES);
/** Several countries in one value: pakistan,canada. */
const countryList = z.string().regex(new RegExp(`^(${COUNTRIES.join("|")})(,(${COUNTRIES.join("|")}))+$`));

/**
 * country: one or several of the form's countries, repeated (country=pakistan&country=canada) or as a comma
 * list, in any case; a consultant matching any of them. Each value is checked as it is split, so a wrong one
 * is named by its place (country.1) as before; the schema after it documents the forms a caller may send.
 */
const countryFilterSchema = z
  .preprocess(
    (value: CountryValue | CountryValue[], ctx) => {
      if (typeof value !== "string" && !Array.isArray(value)) return value;
      const countries = (Array.isArray(value) ? value : [value])
        .flatMap((part) => String(part).split(","))
        .map((part) => part.trim().toLowerCase())
        .filter((part) => part !== "");
      countries.forEach((name, index) => {
        if (!country.safeParse(name).success) {
          ctx.addIssue({ code: "custom", message: consultantMessages.countryInvalid, path: [index] });
        }
      });
      return countries;
    },
    z.union([country, z.array(country), countryList]),
  )
  .transform((countries) => countries as CountryValue[])
  .optional();

/**
 * GET Consultants/consultants: { data } for the whole list; the paged form adds total. deleted=true (Admin
 * only): the deleted consultants instead, most recently deleted first, always paged. approved, premium:
 * true or false.
 */
export const consultantListQuerySchema = pageQuerySchema.extend({
  deleted: formBoolean.optional(),
  sort: sortParamSchema,
  approved: yesNoParamSchema("approved"),
  premium: yesNoParamSchema("premium"),
  country: countryFilterSchema,
  exactTotal: exactTotalParamSchema,
});
export type ConsultantListQuery = z.infer<typeof consultantListQuerySchema>;
export type ConsultantListQueryInput = z.input<typeof consultantListQuerySchema>;
/** The export takes the list's search, sort and filters. */
export const consultantExportQuerySchema = consultantListQuerySchema.omit({
  deleted: true,
  exactTotal: true,
});

export const consultantListSchema = z.object({
  data: z.array(consultantSchema),
  total: z.number().int().optional(),
  totalIsEstimate: totalIsEstimateSchema,
});
export type ConsultantList = z.infer<typeof consultantListSchema>;
