import { AUDIT_CSV_COLUMNS } from "@visadesk/contract/audit-constants";
import { auditEndpoints } from "@visadesk/contract/audit-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { holdExportSlot } from "#api/lib/export-slots";
import { signedInUser } from "#api/plugins/auth";
import { type AuditService, auditContextOf } from "./service";

/** The audit history (its paths, access and shapes: the contract's auditEndpoints). */
export function auditRoutes(audit: AuditService): FastifyPluginAsync {
  return async (app) => {
    route(app, auditEndpoints.list, (request) => audit.list(signedInUser(request), request.query));
    route(
      app,
      auditEndpoints.export,
      async (request, reply) => {
        await holdExportSlot(request, reply);
        const csv = await audit.exportCsv(request.query, auditContextOf(request));
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="audit-${day}.csv"`)
            .header("cache-control", "private, no-store")
            // A stream goes out as it is read; the declared string only documents the answer.
            .send(csv)
        );
      },
      { csvColumns: AUDIT_CSV_COLUMNS },
    );
  };
}
