import { appointmentEndpoints as endpoints } from "@visadesk/contract/appointments-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { holdExportSlot } from "#api/lib/export-slots";
import { datedFileName, sendCsv } from "#api/lib/lists";
import { expectedVersion } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import { APPOINTMENT_CSV_HEADERS } from "./export";
import type { AppointmentService } from "./service";

/** Under /api/v2/userAppointment (declared in the contract's appointmentEndpoints); Admin and Staff only. */
export function appointmentRoutes(appointments: AppointmentService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, (request) => appointments.list(request.query));
    route(app, endpoints.calendar, (request) => appointments.calendar(request.query));
    route(
      app,
      endpoints.export,
      async (request, reply) => {
        await holdExportSlot(request, reply);
        await appointments.recordExport(request.query);
        const { columns, rows } = appointments.exportRows(request.query);
        sendCsv(reply, datedFileName("appointments"), columns, rows);
        return reply;
      },
      { csvColumns: APPOINTMENT_CSV_HEADERS },
    );
    route(app, endpoints.bulk, (request) => appointments.bulk(request.body, signedInUser(request)));
    route(app, endpoints.get, (request) => appointments.get(request.params.id));
    route(app, endpoints.create, (request) => appointments.create(request.body, signedInUser(request)));
    route(app, endpoints.update, (request) =>
      appointments.update(
        request.body,
        signedInUser(request),
        expectedVersion(request, request.body.version),
      ),
    );
    route(app, endpoints.remove, (request) =>
      appointments.remove(request.params.id, expectedVersion(request, request.query.version)),
    );
    route(app, endpoints.recordAttendance, (request) =>
      appointments.recordAttendance(
        request.params.id,
        request.body,
        signedInUser(request),
        expectedVersion(request, request.body.version),
      ),
    );
    route(app, endpoints.sendReminder, (request) => appointments.sendReminder(request.params.id));
  };
}
