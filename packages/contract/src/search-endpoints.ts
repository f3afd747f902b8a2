import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";
import { globalSearchQuerySchema, globalSearchSchema } from "./search";

/** One box that looks everywhere. */
export const searchEndpoints = {
  everywhere: endpoint({
    method: "GET",
    path: "/api/v2/search",
    auth: BACK_OFFICE_ROLES,
    tags: ["search"],
    summary: "Consultants, app users, internal users and appointments matching a term, a few of each",
    description:
      "q matches name, email, phone, CNIC and business name (appointments: their customer's or " +
      "consultant's searchable fields). A run of 4 or more digits of a consultant's phone number or " +
      "an account's phone number or CNIC finds it, with or without dashes or spaces. Each group " +
      "answers its first `limit` records (5 unless told, at most 20) newest first in `data` and its `total`, which " +
      "above 1,000 is an estimate (totalIsEstimate). A term of 1 or 2 characters is looked for among " +
      "the newest 1,000 records of each kind only; its total is then an estimate when there are more.",
    query: globalSearchQuerySchema,
    responses: { 200: globalSearchSchema },
  }),
};
