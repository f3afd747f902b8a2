import { type Entry, newAppointment, newConsultant } from "./context";

/** Appointments and the calendar: each route, who may call it, and a call of it. */
export function appointmentsRoutes(): Record<string, Entry> {
  return {
    "GET /api/v2/userAppointment/calendar": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/userAppointment/calendar?from=2099-03-01&to=2099-03-07&consultantIds=${(await newConsultant()).guidId}`,
        headers,
      }),
    },
    "GET /api/v2/userAppointment/appointments": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/userAppointment/appointments?page=1", headers }),
    },
    "GET /api/v2/userAppointment/appointments/export": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/userAppointment/appointments/export", headers }),
    },
    "POST /api/v2/userAppointment/bulk": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: "/api/v2/userAppointment/bulk",
        headers,
        payload: { action: "markPaid", ids: [(await newAppointment()).guidId] },
      }),
    },
    "GET /api/v2/userAppointment/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/userAppointment/${(await newAppointment()).guidId}`,
        headers,
      }),
    },
    "POST /api/v2/userAppointment": {
      access: "back-office",
      ok: 201,
      request: async (headers) => ({
        method: "POST",
        url: "/api/v2/userAppointment",
        headers,
        payload: {
          consultantId: (await newConsultant()).guidId,
          appointmentDate: "2099-02-01",
          appointmentTime: "11:00",
          description: "Booked by the matrix",
          allowOutsideHours: true,
        },
      }),
    },
    "PUT /api/v2/userAppointment/update-appointment": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "PUT",
        url: "/api/v2/userAppointment/update-appointment",
        headers,
        payload: { ...(await newAppointment()), description: "Edited by the matrix" },
      }),
    },
    "DELETE /api/v2/userAppointment/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "DELETE",
        url: `/api/v2/userAppointment/${(await newAppointment()).guidId}`,
        headers,
      }),
    },
    "POST /api/v2/userAppointment/:id/attendance": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/userAppointment/${(await newAppointment()).guidId}/attendance`,
        headers,
        payload: { attendance: null },
      }),
    },
    "POST /api/v2/userAppointment/:id/send-reminder": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/userAppointment/${(await newAppointment()).guidId}/send-reminder`,
        headers,
      }),
    },
  };
}
