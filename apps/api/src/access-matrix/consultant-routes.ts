import { arrange, consultantFields, type Entry, form, newConsultant } from "./context";

/** Consultants, their timings and addresses, their time off and free times: each route, who may call it, and a call of it. */
export function consultantsRoutes(): Record<string, Entry> {
  return {
    "GET /api/v2/Consultants/consultants": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/Consultants/consultants?page=1", headers }),
    },
    "GET /api/v2/Consultants/consultants/export": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({
        method: "GET",
        url: "/api/v2/Consultants/consultants/export?sort=name",
        headers,
      }),
    },
    "POST /api/v2/Consultants/bulk": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: "/api/v2/Consultants/bulk",
        headers,
        payload: { action: "approve", ids: [(await newConsultant()).guidId] },
      }),
    },
    "POST /api/v2/Consultants/register": {
      access: "back-office",
      ok: 201,
      request: (headers) => form("POST", "/api/v2/Consultants/register", headers, consultantFields()),
    },
    "PUT /api/v2/Consultants/update": {
      access: "back-office",
      ok: 200,
      request: async (headers) => {
        const consultant = await newConsultant();
        return form(
          "PUT",
          "/api/v2/Consultants/update",
          headers,
          consultantFields({ GuidId: consultant.guidId }),
        );
      },
    },
    "GET /api/v2/Consultants/consultanttimings": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/Consultants/consultanttimings", headers }),
    },
    "POST /api/v2/Consultants/consultanttimings": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: "/api/v2/Consultants/consultanttimings",
        headers,
        payload: { id: 0, consultantId: (await newConsultant()).guidId, monday: "09:00 - 17:00" },
      }),
    },
    "GET /api/v2/Consultants/consultantaddresses": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/Consultants/consultantaddresses", headers }),
    },
    "POST /api/v2/Consultants/consultantaddresses": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: "/api/v2/Consultants/consultantaddresses",
        headers,
        payload: [
          {
            id: 0,
            consultantId: (await newConsultant()).guidId,
            address: "1 Mall Road",
            city: "Lahore",
            state: "Punjab",
            country: "Pakistan",
            zipCode: "54000",
          },
        ],
      }),
    },
    "GET /api/v2/Consultants/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}`,
        headers,
      }),
    },
    "GET /api/v2/Consultants/:id/time-off": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}/time-off`,
        headers,
      }),
    },
    "POST /api/v2/Consultants/:id/time-off": {
      access: "back-office",
      ok: 201,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}/time-off`,
        headers,
        payload: { from: "2099-03-01", to: "2099-03-02", reason: "Matrix leave" },
      }),
    },
    "DELETE /api/v2/Consultants/:id/time-off/:timeOffId": {
      access: "back-office",
      ok: 200,
      request: async (headers) => {
        const consultant = await newConsultant();
        const timeOff = await arrange(
          {
            method: "POST",
            url: `/api/v2/Consultants/${consultant.guidId}/time-off`,
            payload: { from: "2099-03-01", to: "2099-03-01" },
          },
          201,
        );
        return {
          method: "DELETE",
          url: `/api/v2/Consultants/${consultant.guidId}/time-off/${timeOff.id}`,
          headers,
        };
      },
    },
    "GET /api/v2/Consultants/:id/availability": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}/availability?from=2099-03-01&to=2099-03-07`,
        headers,
      }),
    },
    "GET /api/v2/Consultants/:id/deletion-impact": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}/deletion-impact`,
        headers,
      }),
    },
    "GET /api/v2/Consultants/:id/time-zone-change": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}/time-zone-change?timeZone=Europe/London`,
        headers,
      }),
    },
    "DELETE /api/v2/Consultants/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "DELETE",
        url: `/api/v2/Consultants/${(await newConsultant()).guidId}`,
        headers,
      }),
    },
    "POST /api/v2/Consultants/:id/restore": {
      access: "admin",
      ok: 200,
      request: async (headers) => {
        const consultant = await newConsultant();
        await arrange({ method: "DELETE", url: `/api/v2/Consultants/${consultant.guidId}` }, 200);
        return { method: "POST", url: `/api/v2/Consultants/${consultant.guidId}/restore`, headers };
      },
    },
  };
}
