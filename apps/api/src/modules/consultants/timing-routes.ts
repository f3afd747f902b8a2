import { apiErrorSchema } from "@visadesk/contract/common";
import {
  addressListBodySchema,
  addressListSchema,
  consultantAddressSchema,
  consultantTimingSchema,
  recordListQuerySchema,
  timingBodySchema,
  timingListSchema,
} from "@visadesk/contract/consultants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { expectedVersion } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import type { ConsultantService } from "./service";

const tags = ["consultants"];
const auth = BACK_OFFICE_ROLES;

/** A consultant's weekly hours (timings) and office addresses (under /api/v2/Consultants). */
export function timingRoutes(app: Parameters<FastifyPluginAsyncZod>[0], consultants: ConsultantService) {
  app.get(
    "/consultanttimings",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Timings that are not deleted (optionally of one consultant, by guidId)",
        querystring: recordListQuerySchema,
        // 404: no consultant with the guidId asked for.
        response: { 200: timingListSchema, 404: apiErrorSchema },
      },
    },
    (request) => consultants.listTimings(request.query),
  );

  app.post(
    "/consultanttimings",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Add (id 0), edit or soft delete (isDeleted true) one timing",
        description:
          'An edit or soft delete checks `version` (in the body, or an If-Match: "<version>" header) against ' +
          "the stored timing: if it changed since, 409 and nothing is saved. Without a version it is not " +
          "checked (the spec's own client sends none).",
        body: timingBodySchema,
        // 404: the consultant or the timing named is not there.
        // 409: the GuidId is taken, or the version is not current.
        response: { 200: consultantTimingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) =>
      consultants.saveTiming(
        request.body,
        signedInUser(request),
        expectedVersion(request, request.body.id === 0 ? undefined : request.body.version),
      ),
  );

  app.get(
    "/consultantaddresses",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Addresses that are not deleted (optionally of one consultant, by guidId)",
        querystring: recordListQuerySchema,
        // 404: no consultant with the guidId asked for.
        response: { 200: addressListSchema, 404: apiErrorSchema },
      },
    },
    (request) => consultants.listAddresses(request.query),
  );

  app.post(
    "/consultantaddresses",
    {
      config: { auth },
      schema: {
        tags,
        summary: "Add (id 0), edit or soft delete (isDeleted true) addresses: an array, usually of one",
        description:
          "Each edited or soft-deleted address is checked against its `version` (If-Match is read only when " +
          "the array holds one address): if one changed since, 409 and none is saved. Without a version an " +
          "address is not checked (the spec's own client sends none).",
        body: addressListBodySchema,
        // 404: the consultant or an address named is not there.
        // 409: a GuidId is taken, or a version is not current.
        response: { 200: z.array(consultantAddressSchema), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) => {
      const bodies = request.body;
      const expected =
        bodies.length === 1
          ? [expectedVersion(request, bodies[0]!.version)]
          : bodies.map((body) => body.version);
      return consultants.saveAddresses(bodies, signedInUser(request), expected);
    },
  );
}
