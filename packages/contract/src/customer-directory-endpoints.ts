import { z } from "zod";
import { apiErrorSchema } from "./common";
import { CUSTOMER_API } from "./customer-auth-endpoints";
import {
  customerAvailabilityQuerySchema,
  customerAvailabilitySchema,
  directoryFiltersSchema,
  directoryPageSchema,
  directoryParamsSchema,
  directoryQuerySchema,
  publicConsultantSchema,
} from "./customer-directory";
import { endpoint } from "./endpoint";

/** The group these operations are listed under in the API document. */
export const customerConsultantsTag = {
  name: "customer consultants",
  description:
    "The directory of approved consultants and a consultant's public profile (no sign-in needed), and their free times",
} as const;
const tags = [customerConsultantsTag.name];

/** Finding a consultant: the directory, a public profile, and free times. */
export const customerDirectoryEndpoints = {
  list: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/consultants`,
    auth: "public",
    tags,
    summary: "Approved consultants: search, filters, sort, and a cursor to the next page",
    description:
      "search looks in the name, business name, services and visa offer; service in the services only. " +
      "sort: recommended (premium first, then rating, then name; the default), rating, fee (lowest first), " +
      "feeDesc or name; consultants without a fee or rating come last. `data` holds the page; nextCursor is the " +
      "next page's cursor (pass it with the same sort), null on the last page; a cursor altered or of another " +
      "sort is refused (400). country, language and visaType take one of the values GET consultants/filters " +
      "lists. The first page (no cursor) says about how many match: `total`, exact up to 1,000, above it an " +
      "estimate from a sample (totalIsEstimate: true); later pages read only their own rows and leave it out.",
    query: directoryQuerySchema,
    responses: { 200: directoryPageSchema, 400: apiErrorSchema },
  }),
  filters: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/consultants/filters`,
    auth: "public",
    tags,
    summary: "The directory's filter choices: the countries, languages and visa types of listed consultants",
    description:
      "Taken from the approved consultants' data, each list sorted: countries served and languages spoken " +
      "(lowercase values, as the list's country and language take them) and visa types (the items of their " +
      "services, lowercased, as visaType takes them). Each value is found by its index, not by reading " +
      "every consultant.",
    responses: { 200: directoryFiltersSchema },
  }),
  get: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/consultants/{id}`,
    auth: "public",
    tags,
    summary: "A consultant's public profile, weekly hours and offices",
    description:
      "id is the consultant's guidId; any other id, or a consultant not listed, is not found (404).",
    params: directoryParamsSchema,
    responses: { 200: publicConsultantSchema, 404: apiErrorSchema },
  }),
  card: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/consultants/{id}/card`,
    auth: "public",
    tags,
    summary: "A consultant's link-preview card: a PNG of 1200 × 630 with their name, fee and countries",
    description:
      "What a shared profile's og:image is when the consultant has no picture or logo: their name, fee and " +
      "countries on the brand's colours. v is the card's version, as the profile page links it: it changes " +
      "when the name, fee or countries change, so a card asked for with its current v may be kept for good " +
      "(Cache-Control: public, max-age=31536000, immutable); without it, or with an old one, the current card " +
      "is answered to be revalidated (public, no-cache) by its ETag (304 while unchanged). 404 for a " +
      "consultant not listed (not approved, deleted, unknown). 503 with Retry-After while the server is " +
      "drawing as many cards as it draws at once.",
    params: directoryParamsSchema,
    query: z.object({ v: z.string().max(64).optional() }),
    produces: ["image/png"],
    answerHeaders: {
      "Cache-Control": "public, max-age=31536000, immutable for the current v; else public, no-cache",
      ETag: "The card's version: send it back in If-None-Match to get 304 while it is unchanged",
    },
    responses: {
      // Its bytes: no PNG of 1200 × 630 is larger than its pixels unpacked (four bytes each) and its chunks.
      200: z.string().max(3_100_000).meta({ format: "binary", description: "The card (PNG, 1200 × 630)" }),
      304: z.void().describe("Not modified: the card whose ETag was sent in If-None-Match is still current"),
      404: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
  availability: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/consultants/{id}/availability`,
    auth: "public",
    tags,
    summary: "Free times from one date to another (inclusive, at most 31 days), in a time zone",
    description:
      "No sign-in needed. Each day of the range in the zone asked for (timeZone; else the signed-in " +
      "customer's own zone when a customer access token is sent, else the business's zone), with its free " +
      "times: `time` on that clock, `startsAt`, the instant to book it by (POST appointments), and " +
      "`changeLocked`, true when it starts within changeLockedHours from now (booked, it could not be moved " +
      "or cancelled online). slotMinutes is how long an appointment lasts.",
    params: directoryParamsSchema,
    query: customerAvailabilityQuerySchema,
    responses: { 200: customerAvailabilitySchema, 400: apiErrorSchema, 404: apiErrorSchema },
  }),
};
