import { randomUUID } from "node:crypto";
import { serverMessages } from "@visadesk/contract/common-constants";
import { consultantMessages, timingMessages } from "@visadesk/contract/consultants-constants";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerMatrix, type MatrixEntry } from "../test/customer-matrix";
import { quickCustomer } from "../test/customers";
import { PNG_1PX } from "../test/fixtures";
import { createTestApp, multipart, type TestApp } from "../test/helpers";
import { testConfig } from "./config";
import { localDate } from "./lib/clock";

/**
 * The authorization matrix: every API route, as the app itself lists them (so a route added without an
 * entry here fails the first test), called with no token, an AppUser's token, a Staff token and an Admin
 * token. Then object-level checks: another record's id, a deleted record, an id that does not exist.
 */
type Caller = "none" | "AppUser" | "Staff" | "Admin" | "Customer";
type Headers = Record<string, string>;
/**
 * public: anyone; customer: a customer API token; back-office: Staff and Admin; admin: Admin only. ok: the
 * status a caller who is let in gets (each call works on records of its own); endsSession: the call ends
 * the caller's session (sign-out), so it gets a session of its own.
 */
type Entry = MatrixEntry;

let t: TestApp;
/** Arranges records the way another staff member would. */
let setup: Headers;
const callers: Record<Caller, () => Promise<Headers>> = {
  none: async () => ({}),
  AppUser: async () => (await t.sessionFor(await t.createAccount({ role: "AppUser" }))).headers,
  Staff: async () => (await t.signIn("Staff")).headers,
  Admin: async () => (await t.signIn("Admin")).headers,
  Customer: async () => (await quickCustomer(t)).headers,
};
const sessions = {} as Record<Caller, Headers>;

beforeAll(async () => {
  // Every customer route books: more upcoming appointments than a customer may hold by default.
  t = await createTestApp({
    config: { customer: { ...testConfig().customer, maxUpcomingPerCustomer: 100 } },
  });
  setup = (await t.signIn("Admin")).headers;
  for (const caller of Object.keys(callers) as Caller[]) sessions[caller] = await callers[caller]();
});
afterAll(() => t.close());

let counter = 0;
function next() {
  counter += 1;
  return `${counter}${randomUUID().slice(0, 6)}`;
}

function form(
  method: "POST" | "PUT",
  url: string,
  headers: Headers,
  fields: Parameters<typeof multipart>[0],
  files: Parameters<typeof multipart>[1] = {},
): InjectOptions {
  const body = multipart(fields, files);
  return { method, url, payload: body.payload, headers: { ...headers, ...body.headers } };
}

async function arrange(options: InjectOptions, status: number) {
  const response = await t.app.inject({ ...options, headers: { ...setup, ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const consultantFields = (extra: Record<string, string> = {}) => ({
  Name: `Matrix Consultant ${next()}`,
  BusinessName: "Matrix Visas",
  ContactEmail: "matrix@example.com",
  PhoneNumber: "+92 300 1111111",
  ...extra,
});
const newConsultant = (): Promise<{ guidId: string; id: number }> =>
  arrange(form("POST", "/api/v2/Consultants/register", setup, consultantFields()), 201);

const appUserFields = () => {
  const n = next();
  return {
    UserName: `matrix${n}`,
    Email: `matrix${n}@example.com`,
    FirstName: "Mat",
    LastName: "Rix",
    PhoneNumber: "+92 300 2222222",
    DateOfBirth: "1991-02-03",
    cnic: `35202-${String(1_000_000 + counter).slice(-7)}-${counter % 10}`,
    Address: "2 Matrix Road",
  };
};
const png = { fileName: "cnic.png", content: PNG_1PX, contentType: "image/png" };
async function newAppUser(): Promise<{
  guidId: string;
  cnicFront: string;
  profilePic: string;
  fields: Record<string, string>;
}> {
  const fields = appUserFields();
  const created = await arrange(
    form(
      "POST",
      "/api/v2/User/adduser",
      setup,
      { ...fields, Password: "matrix-password" },
      { cnicFront: png, ProfilePic: png },
    ),
    201,
  );
  return { ...created, fields };
}

let day = 0;
async function newAppointment() {
  const consultant = await newConsultant();
  day += 1;
  return arrange(
    {
      method: "POST",
      url: "/api/v2/userAppointment",
      payload: {
        consultantId: consultant.guidId,
        appointmentDate: `2099-01-${String(1 + (day % 28)).padStart(2, "0")}`,
        appointmentTime: "10:00",
        description: "Matrix appointment",
        // Matrix consultants keep no hours: staff book anyway.
        allowOutsideHours: true,
      },
    },
    201,
  );
}

/** A task the caller made for itself; a made-up id for a caller who may not make one (refused first). */
async function ownTask(headers: Headers, dueDate = "2099-01-01"): Promise<string> {
  const made = await t.app.inject({
    method: "POST",
    url: "/api/v2/tasks",
    headers,
    payload: { title: `Matrix task ${next()}`, dueDate },
  });
  return made.statusCode === 201 ? (made.json().id as string) : "no-such-task";
}

/** A passkey answer in the right shape that no challenge and no passkey of the server's matches. */
const madeUpPasskeyAnswer = {
  id: "bWFkZS11cA",
  rawId: "bWFkZS11cA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

const matrix: Record<string, Entry> = {
  ...customerMatrix(
    () => t,
    () => setup,
  ),
  "GET /api/health": {
    access: "public",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/health", headers }),
  },
  "GET /api/health/live": {
    access: "public",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/health/live", headers }),
  },
  "GET /api/v2/settings/public": {
    access: "public",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/settings/public", headers }),
  },
  "POST /api/v2/connect/verify-login": {
    access: "public",
    ok: 200,
    request: async (headers) => {
      const account = await t.createAccount({ role: "Staff" });
      return {
        method: "POST",
        url: "/api/v2/connect/verify-login",
        headers,
        payload: { email: account.email, password: account.password },
      };
    },
  },
  "POST /api/v2/connect/register": {
    access: "public",
    ok: 201,
    request: (headers) => {
      const n = next();
      return form("POST", "/api/v2/connect/register", headers, {
        UserName: `newcomer${n}`,
        Email: `newcomer${n}@example.com`,
        FirstName: "New",
        LastName: "Comer",
        PhoneNumber: "+92 300 3333333",
        Password: "newcomer-password",
      });
    },
  },
  "POST /api/v2/connect/forgot-password": {
    access: "public",
    ok: 200,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/connect/forgot-password",
      headers,
      payload: { email: "someone@example.com" },
    }),
  },
  "POST /api/v2/connect/reset-password": {
    access: "public",
    // Open to anyone; a made-up reset token is refused as invalid.
    ok: 400,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/connect/reset-password",
      headers,
      payload: { token: "made-up-token", password: "long-enough-password" },
    }),
  },
  "POST /api/v2/connect/verify-mfa": {
    access: "public",
    // Open to anyone; a made-up mfaToken is refused.
    ok: 401,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/connect/verify-mfa",
      headers,
      payload: { mfaToken: "made-up-token", code: "123456" },
    }),
  },
  "POST /api/v2/connect/passkey/mfa-options": {
    access: "public",
    ok: 401,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/connect/passkey/mfa-options",
      headers,
      payload: { mfaToken: "made-up-token" },
    }),
  },
  "POST /api/v2/connect/passkey/options": {
    access: "public",
    ok: 200,
    request: (headers) => ({ method: "POST", url: "/api/v2/connect/passkey/options", headers }),
  },
  "POST /api/v2/connect/passkey/verify": {
    access: "public",
    // Open to anyone; a made-up challenge and passkey are refused.
    ok: 401,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/connect/passkey/verify",
      headers,
      payload: { challengeId: randomUUID(), response: madeUpPasskeyAnswer },
    }),
  },
  "POST /api/v2/connect/logout": {
    access: "back-office",
    ok: 200,
    endsSession: true,
    request: (headers) => ({ method: "POST", url: "/api/v2/connect/logout", headers }),
  },
  "GET /api/v2/Dashboard/stats": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/Dashboard/stats", headers }),
  },
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
  "GET /api/v2/search": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/search?q=matrix", headers }),
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
  "GET /api/v2/userAppointment/calendar": {
    access: "back-office",
    ok: 200,
    request: async (headers) => ({
      method: "GET",
      url: `/api/v2/userAppointment/calendar?from=2099-03-01&to=2099-03-07&consultantIds=${(await newConsultant()).guidId}`,
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
  "GET /api/v2/User/users": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/User/users?page=1", headers }),
  },
  "GET /api/v2/User/users/export": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/User/users/export?role=AppUser", headers }),
  },
  "GET /api/v2/User/users/:id": {
    access: "back-office",
    ok: 200,
    request: async (headers) => ({
      method: "GET",
      url: `/api/v2/User/users/${(await newAppUser()).guidId}`,
      headers,
    }),
  },
  "POST /api/v2/User/adduser": {
    access: "back-office",
    ok: 201,
    request: (headers) =>
      form("POST", "/api/v2/User/adduser", headers, { ...appUserFields(), Password: "matrix-password" }),
  },
  "PUT /api/v2/User/update-user": {
    access: "back-office",
    ok: 200,
    request: async (headers) => {
      const appUser = await newAppUser();
      return form("PUT", `/api/v2/User/update-user?id=${appUser.guidId}`, headers, {
        ...appUser.fields,
        FirstName: "Edited",
      });
    },
  },
  "GET /api/v2/User/users/:id/deletion-impact": {
    access: "back-office",
    ok: 200,
    request: async (headers) => ({
      method: "GET",
      url: `/api/v2/User/users/${(await newAppUser()).guidId}/deletion-impact`,
      headers,
    }),
  },
  "DELETE /api/v2/User/users/:id": {
    access: "back-office",
    ok: 200,
    request: async (headers) => ({
      method: "DELETE",
      url: `/api/v2/User/users/${(await newAppUser()).guidId}`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/restore": {
    access: "admin",
    ok: 200,
    request: async (headers) => {
      const appUser = await newAppUser();
      await arrange({ method: "DELETE", url: `/api/v2/User/users/${appUser.guidId}` }, 200);
      return { method: "POST", url: `/api/v2/User/users/${appUser.guidId}/restore`, headers };
    },
  },
  "POST /api/v2/User/users/:id/approve": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount({ status: "pending" })).guidId}/approve`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/reject": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount({ status: "pending" })).guidId}/reject`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/reopen": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount({ status: "rejected" })).guidId}/reopen`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/suspend": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount()).guidId}/suspend`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/reactivate": {
    access: "admin",
    ok: 200,
    request: async (headers) => {
      const account = await t.createAccount();
      await arrange({ method: "POST", url: `/api/v2/User/users/${account.guidId}/suspend` }, 200);
      return { method: "POST", url: `/api/v2/User/users/${account.guidId}/reactivate`, headers };
    },
  },
  "PUT /api/v2/User/users/:id/role": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "PUT",
      url: `/api/v2/User/users/${(await t.createAccount()).guidId}/role`,
      payload: { role: "Admin" },
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/end-sessions": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount()).guidId}/end-sessions`,
      headers,
    }),
  },
  "GET /api/v2/account": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/account", headers }),
  },
  "POST /api/v2/account/change-password": {
    access: "back-office",
    ok: 200,
    // Each caller's account changes its own password (the matrix's callers sign in only once).
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/account/change-password",
      payload: { currentPassword: "Correct-Horse-9", newPassword: `matrix-new-password-${next()}` },
      headers,
    }),
  },
  "PUT /api/v2/account/profile": {
    access: "back-office",
    ok: 200,
    request: (headers) =>
      form("PUT", "/api/v2/account/profile", headers, { FirstName: "Matrix", LastName: `Caller ${next()}` }),
  },
  "GET /api/v2/account/sessions": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/account/sessions", headers }),
  },
  "DELETE /api/v2/account/sessions/:id": {
    access: "back-office",
    // A session that is not the caller's: let in, the caller is told there is no such session of theirs.
    ok: 404,
    request: (headers) => ({ method: "DELETE", url: `/api/v2/account/sessions/${randomUUID()}`, headers }),
  },
  "POST /api/v2/account/sessions/end-others": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "POST", url: "/api/v2/account/sessions/end-others", headers }),
  },
  "GET /api/v2/account/mfa": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "GET", url: "/api/v2/account/mfa", headers }),
  },
  "POST /api/v2/account/mfa/totp": {
    access: "back-office",
    ok: 200,
    request: (headers) => ({ method: "POST", url: "/api/v2/account/mfa/totp", headers }),
  },
  "POST /api/v2/account/mfa/totp/confirm": {
    access: "back-office",
    // Let in: a set-up is started, then a code that is not the app's is refused.
    ok: 400,
    request: async (headers) => {
      await t.app.inject({ method: "POST", url: "/api/v2/account/mfa/totp", headers });
      return {
        method: "POST",
        url: "/api/v2/account/mfa/totp/confirm",
        headers,
        payload: { code: "12345x" },
      };
    },
  },
  "DELETE /api/v2/account/mfa/totp": {
    access: "back-office",
    // Let in: a wrong password is refused on its field.
    ok: 400,
    request: (headers) => ({
      method: "DELETE",
      url: "/api/v2/account/mfa/totp",
      headers,
      payload: { password: "not-the-password", code: "123456" },
    }),
  },
  "POST /api/v2/account/mfa/passkeys/options": {
    access: "back-office",
    ok: 400,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/account/mfa/passkeys/options",
      headers,
      payload: { password: "not-the-password" },
    }),
  },
  "POST /api/v2/account/mfa/passkeys": {
    access: "back-office",
    // Let in: an answer to no challenge of the caller's is refused.
    ok: 400,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/account/mfa/passkeys",
      headers,
      payload: { name: "Matrix key", response: madeUpPasskeyAnswer },
    }),
  },
  "DELETE /api/v2/account/mfa/passkeys/:id": {
    access: "back-office",
    // Not a passkey of the caller's.
    ok: 404,
    request: (headers) => ({
      method: "DELETE",
      url: `/api/v2/account/mfa/passkeys/${randomUUID()}`,
      headers,
    }),
  },
  "POST /api/v2/account/mfa/recovery-codes": {
    access: "back-office",
    // Let in: with no factor, there are no recovery codes to replace.
    ok: 409,
    request: (headers) => ({ method: "POST", url: "/api/v2/account/mfa/recovery-codes", headers }),
  },
  "POST /api/v2/account/reauthenticate": {
    access: "back-office",
    // Let in: a wrong password is refused on its field.
    ok: 400,
    request: (headers) => ({
      method: "POST",
      url: "/api/v2/account/reauthenticate",
      headers,
      payload: { password: "not-the-password" },
    }),
  },
  "DELETE /api/v2/User/users/:id/mfa": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "DELETE",
      url: `/api/v2/User/users/${(await t.createAccount()).guidId}/mfa`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/send-password-reset": {
    access: "back-office",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount({ role: "AppUser" })).guidId}/send-password-reset`,
      headers,
    }),
  },
  "POST /api/v2/User/users/:id/unlock": {
    access: "admin",
    ok: 200,
    request: async (headers) => ({
      method: "POST",
      url: `/api/v2/User/users/${(await t.createAccount()).guidId}/unlock`,
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

/** What each caller must get, from the route's declared access in this table (not from the code's own). */
function expectedStatus(entry: Entry, caller: Caller): number {
  if (entry.access === "public") return entry.ok;
  if (caller === "none") return 401;
  // Each API refuses the other's tokens as no token at all.
  if (entry.access === "customer") return caller === "Customer" ? entry.ok : 401;
  if (caller === "Customer") return 401;
  if (caller === "AppUser") return 403;
  if (caller === "Staff" && entry.access === "admin") return 403;
  return entry.ok;
}

describe("authorization matrix", () => {
  it("has an entry for every API route the app serves (HEAD answers as its GET)", () => {
    const served = new Set(t.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    const listed = new Set(Object.keys(matrix));
    for (const key of listed) if (key.startsWith("GET ")) listed.add(`HEAD ${key.slice(4)}`);
    expect(
      [...served].filter((key) => !listed.has(key)),
      "routes with no matrix entry",
    ).toEqual([]);
    expect(
      [...listed].filter((key) => !served.has(key)),
      "matrix entries for no route",
    ).toEqual([]);
  });

  const routes = Object.entries(matrix);
  it.each(routes)("%s answers each caller as designed", async (route, entry) => {
    const results: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const caller of Object.keys(callers) as Caller[]) {
      const headers = entry.endsSession ? await callers[caller]() : sessions[caller];
      const request = await entry.request(headers);
      for (const method of route.startsWith("GET ") ? ["GET", "HEAD"] : [request.method]) {
        const response = await t.app.inject({ ...request, method: method as InjectOptions["method"] });
        results[`${method} as ${caller}`] = response.statusCode;
        expected[`${method} as ${caller}`] = expectedStatus(entry, caller);
        if (method !== "HEAD" && response.statusCode >= 400) {
          // Every refusal reads well.
          expect(response.json().message, `${route} as ${caller}`).toEqual(expect.any(String));
        }
      }
    }
    expect(results).toEqual(expected);
  });
});

describe("the Deleted filter of the lists", () => {
  it.each(["/api/v2/Consultants/consultants?deleted=true", "/api/v2/User/users?deleted=true"])(
    "%s is for Admins only",
    async (url) => {
      const results: Record<string, number> = {};
      for (const caller of Object.keys(callers) as Caller[]) {
        results[caller] = (await t.app.inject({ method: "GET", url, headers: sessions[caller] })).statusCode;
      }
      expect(results).toEqual({ none: 401, AppUser: 403, Staff: 403, Admin: 200, Customer: 401 });
    },
  );
});

describe("object-level checks", () => {
  const staff = () => sessions.Staff;
  const call = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...staff(), ...options.headers } });

  it("an internal account's id is refused where only app users may be edited or deleted", async () => {
    const internal = await t.createAccount({ role: "Admin" });
    const update = await call(
      form(
        "PUT",
        `/api/v2/User/update-user?id=${internal.guidId}`,
        {},
        {
          ...appUserFields(),
          NewPassword: "taken-over-password",
        },
      ),
    );
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe("Internal users are read-only");
    const removed = await call({ method: "DELETE", url: `/api/v2/User/users/${internal.guidId}` });
    expect(removed.statusCode).toBe(403);
    // Nothing changed: the account still signs in with its own password.
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: internal.email, password: internal.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("a timing or an address of one consultant cannot be edited through another", async () => {
    const owner = await newConsultant();
    const other = await newConsultant();
    const timing = await arrange(
      {
        method: "POST",
        url: "/api/v2/Consultants/consultanttimings",
        payload: { id: 0, consultantId: owner.guidId, monday: "09:00 - 17:00" },
      },
      200,
    );
    const moved = await call({
      method: "POST",
      url: "/api/v2/Consultants/consultanttimings",
      payload: { id: timing.id, consultantId: other.guidId, monday: "06:00 - 07:00" },
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe(timingMessages.notFound);
    const [address] = await arrange(
      {
        method: "POST",
        url: "/api/v2/Consultants/consultantaddresses",
        payload: [
          {
            id: 0,
            consultantId: owner.guidId,
            address: "1 A",
            city: "B",
            state: "C",
            country: "D",
            zipCode: "1",
          },
        ],
      },
      200,
    );
    const movedAddress = await call({
      method: "POST",
      url: "/api/v2/Consultants/consultantaddresses",
      payload: [
        {
          id: address.id,
          consultantId: other.guidId,
          address: "X",
          city: "X",
          state: "X",
          country: "X",
          zipCode: "X",
        },
      ],
    });
    expect(movedAddress.statusCode).toBe(404);
    const detail = await call({ method: "GET", url: `/api/v2/Consultants/${owner.guidId}` });
    expect(detail.json()).toMatchObject({
      timings: [{ monday: "09:00 - 17:00" }],
      addresses: [{ address: "1 A" }],
    });
  });

  it("a deleted record answers 404 everywhere", async () => {
    const consultant = await newConsultant();
    await arrange({ method: "DELETE", url: `/api/v2/Consultants/${consultant.guidId}` }, 200);
    for (const options of [
      { method: "GET", url: `/api/v2/Consultants/${consultant.guidId}` },
      { method: "GET", url: `/api/v2/Consultants/${consultant.guidId}/deletion-impact` },
      { method: "DELETE", url: `/api/v2/Consultants/${consultant.guidId}` },
      form("PUT", "/api/v2/Consultants/update", {}, consultantFields({ GuidId: consultant.guidId })),
    ] as InjectOptions[]) {
      const response = await call(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
      expect(response.json().message).toBe(consultantMessages.notFound);
    }
    const appUser = await newAppUser();
    await arrange({ method: "DELETE", url: `/api/v2/User/users/${appUser.guidId}` }, 200);
    for (const options of [
      { method: "GET", url: `/api/v2/User/users/${appUser.guidId}` },
      { method: "GET", url: `/api/v2/User/users/${appUser.guidId}/deletion-impact` },
      { method: "DELETE", url: `/api/v2/User/users/${appUser.guidId}` },
      { method: "POST", url: `/api/v2/User/users/${appUser.guidId}/send-password-reset` },
      form("PUT", `/api/v2/User/update-user?id=${appUser.guidId}`, {}, appUser.fields),
    ] as InjectOptions[]) {
      expect((await call(options)).statusCode, `${options.method} ${options.url}`).toBe(404);
    }
    const appointment = await newAppointment();
    await arrange({ method: "DELETE", url: `/api/v2/userAppointment/${appointment.guidId}` }, 200);
    for (const options of [
      { method: "GET", url: `/api/v2/userAppointment/${appointment.guidId}` },
      { method: "DELETE", url: `/api/v2/userAppointment/${appointment.guidId}` },
      { method: "POST", url: `/api/v2/userAppointment/${appointment.guidId}/send-reminder` },
      { method: "PUT", url: "/api/v2/userAppointment/update-appointment", payload: appointment },
    ] as InjectOptions[]) {
      expect((await call(options)).statusCode, `${options.method} ${options.url}`).toBe(404);
    }
  });

  it("an id that does not exist answers 404", async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ["GET", `/api/v2/Consultants/${id}`],
      ["GET", `/api/v2/Consultants/${id}/deletion-impact`],
      ["GET", `/api/v2/Consultants/${id}/time-zone-change?timeZone=UTC`],
      ["DELETE", `/api/v2/Consultants/${id}`],
      ["GET", `/api/v2/User/users/${id}`],
      ["DELETE", `/api/v2/User/users/${id}`],
      ["POST", `/api/v2/User/users/${id}/send-password-reset`],
      ["GET", `/api/v2/userAppointment/${id}`],
      ["DELETE", `/api/v2/userAppointment/${id}`],
      ["POST", `/api/v2/userAppointment/${id}/send-reminder`],
      ["GET", `/api/v2/files/${id}.png`],
    ] as const) {
      const response = await call({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const admin = sessions.Admin;
    for (const decision of ["approve", "reject", "reopen"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${id}/${decision}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(404);
    }
    const update = await call(form("PUT", `/api/v2/User/update-user?id=${id}`, {}, appUserFields()));
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(appUserMessages.notFound);
  });

  it("a private image is never served under the public path, even to a signed-in user", async () => {
    const { cnicFront } = await newAppUser();
    const name = cnicFront.split("/").at(-1);
    expect((await t.app.inject({ method: "GET", url: `/files/${name}` })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: `/files/${name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: cnicFront })).json()).toEqual({
      message: serverMessages.notSignedIn,
      code: "not_signed_in",
    });
  });

  it("approving, rejecting or re-opening an account not in that state answers 409, not a silent change", async () => {
    const appUser = await newAppUser();
    const admin = sessions.Admin;
    for (const decision of ["approve", "reject", "reopen"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${appUser.guidId}/${decision}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(409);
    }
  });
});
