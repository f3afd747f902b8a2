import { localDate } from "../lib/clock";
import { arrange, type Entry, newAppUser, newConsultant, next, ownTask, t } from "./context";

/** The dashboard, search, files, audit, tasks, notifications, the live stream and notes: each route, who may call it, and a call of it. */
export function workspaceRoutes(): Record<string, Entry> {
  return {
    "GET /api/v2/Dashboard/stats": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/Dashboard/stats", headers }),
    },
    "GET /api/v2/search": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/search?q=matrix", headers }),
    },
    "GET /api/v2/files/:name": {
      access: "back-office",
      ok: 200,
      // A CNIC image: personal data, served only to signed-in back-office users.
      request: async (headers) => ({ method: "GET", url: (await newAppUser()).cnicFront, headers }),
    },
    "GET /files/:name": {
      access: "public",
      ok: 200,
      // A profile picture, as an answer links it: anyone may load it.
      request: async (headers) => ({ method: "GET", url: (await newAppUser()).profilePic, headers }),
    },
    "GET /api/v2/audit": {
      access: "back-office",
      ok: 200,
      // One record's history is open to Staff; the feed across records is the Admin's (audit.test.ts).
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/audit?entity=consultant&entityId=${(await newConsultant()).guidId}`,
        headers,
      }),
    },
    "GET /api/v2/audit/export": {
      access: "admin",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/audit/export?action=export", headers }),
    },
    "GET /api/v2/Dashboard/overview": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/Dashboard/overview", headers }),
    },
    "GET /api/v2/tasks": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/tasks", headers }),
    },
    "POST /api/v2/tasks": {
      access: "back-office",
      ok: 201,
      request: (headers) => ({
        method: "POST",
        url: "/api/v2/tasks",
        headers,
        payload: { title: `Matrix task ${next()}`, dueDate: "2099-01-01" },
      }),
    },
    // A task may be changed by its creator: each caller works on one it made itself (when it may make one).
    "PUT /api/v2/tasks/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "PUT",
        url: `/api/v2/tasks/${await ownTask(headers)}`,
        headers,
        payload: { done: true },
      }),
    },
    "DELETE /api/v2/tasks/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "DELETE",
        url: `/api/v2/tasks/${await ownTask(headers)}`,
        headers,
      }),
    },
    "GET /api/v2/notifications": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/notifications", headers }),
    },
    // The stream ends after the test config's liveStreamMs, so the call gets its whole answer.
    "GET /api/v2/live": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({
        method: "GET",
        url: "/api/v2/live",
        headers: { ...headers, accept: "text/event-stream" },
      }),
    },
    "POST /api/v2/notifications/read-all": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "POST", url: "/api/v2/notifications/read-all", headers }),
    },
    // A task due today is a notification of the caller's own.
    "POST /api/v2/notifications/:id/read": {
      access: "back-office",
      ok: 200,
      request: async (headers) => {
        await ownTask(headers, localDate(new Date(), t.config.businessTimeZone));
        const list = await t.app.inject({ method: "GET", url: "/api/v2/notifications", headers });
        const id = list.statusCode === 200 ? (list.json().data[0]?.id as string) : "task-due.none";
        return { method: "POST", url: `/api/v2/notifications/${encodeURIComponent(id)}/read`, headers };
      },
    },
    "GET /api/v2/notes": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/notes?entity=consultant&entityId=${(await newConsultant()).guidId}`,
        headers,
      }),
    },
    "POST /api/v2/notes": {
      access: "back-office",
      ok: 201,
      request: async (headers) => ({
        method: "POST",
        url: "/api/v2/notes",
        headers,
        payload: { entity: "consultant", entityId: (await newConsultant()).guidId, text: "Called back" },
      }),
    },
    "PUT /api/v2/notes/:id": {
      access: "back-office",
      ok: 200,
      // Only its author edits a note: a back-office caller edits one of its own, anyone else one of setup's.
      request: async (headers) => {
        const payload = { entity: "consultant", entityId: (await newConsultant()).guidId, text: "First" };
        const own = await t.app.inject({ method: "POST", url: "/api/v2/notes", headers, payload });
        const note =
          own.statusCode === 201
            ? own.json()
            : await arrange({ method: "POST", url: "/api/v2/notes", payload }, 201);
        return { method: "PUT", url: `/api/v2/notes/${note.id}`, headers, payload: { text: "Second" } };
      },
    },
  };
}
