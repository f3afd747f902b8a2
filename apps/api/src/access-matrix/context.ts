import { randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import type { MatrixEntry } from "../../test/customer-matrix";
import { quickCustomer } from "../../test/customers";
import { PNG_1PX } from "../../test/fixtures";
import { createTestApp, multipart, type TestApp } from "../../test/helpers";
import { testConfig } from "../config";

/**
 * What the authorization matrix's files share: the callers, one app per test file (`useMatrixApp`, called
 * by each file so that its hooks are its own), and the records a route's call works on, arranged the way
 * another staff member would. `t`, `setup` and `sessions` are the current file's.
 */
export type Caller = "none" | "AppUser" | "Staff" | "Admin" | "Customer";
export type Headers = Record<string, string>;
/**
 * public: anyone; customer: a customer API token; back-office: Staff and Admin; admin: Admin only. ok: the
 * status a caller who is let in gets (each call works on records of its own); endsSession: the call ends
 * the caller's session (sign-out), so it gets a session of its own.
 */
export type Entry = MatrixEntry;

export let t: TestApp;
/** Arranges records the way another staff member would. */
export let setup: Headers;
export const callers: Record<Caller, () => Promise<Headers>> = {
  none: async () => ({}),
  AppUser: async () => (await t.sessionFor(await t.createAccount({ role: "AppUser" }))).headers,
  Staff: async () => (await t.signIn("Staff")).headers,
  Admin: async () => (await t.signIn("Admin")).headers,
  Customer: async () => (await quickCustomer(t)).headers,
};
export const sessions = {} as Record<Caller, Headers>;

/** Starts the file's app before its tests (with a session for each caller) and closes it after them. */
export function useMatrixApp() {
  beforeAll(async () => {
    // Every customer route books: more upcoming appointments than a customer may hold by default.
    t = await createTestApp({
      config: { customer: { ...testConfig().customer, maxUpcomingPerCustomer: 100 } },
    });
    setup = (await t.signIn("Admin")).headers;
    for (const caller of Object.keys(callers) as Caller[]) sessions[caller] = await callers[caller]();
  });
  afterAll(() => t.close());
}

let counter = 0;
export function next() {
  counter += 1;
  return `${counter}${randomUUID().slice(0, 6)}`;
}

export function form(
  method: "POST" | "PUT",
  url: string,
  headers: Headers,
  fields: Parameters<typeof multipart>[0],
  files: Parameters<typeof multipart>[1] = {},
): InjectOptions {
  const body = multipart(fields, files);
  return { method, url, payload: body.payload, headers: { ...headers, ...body.headers } };
}

export async function arrange(options: InjectOptions, status: number) {
  const response = await t.app.inject({ ...options, headers: { ...setup, ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

export const consultantFields = (extra: Record<string, string> = {}) => ({
  Name: `Matrix Consultant ${next()}`,
  BusinessName: "Matrix Visas",
  ContactEmail: "matrix@example.com",
  PhoneNumber: "+92 300 1111111",
  ...extra,
});
export const newConsultant = (): Promise<{ guidId: string; id: number }> =>
  arrange(form("POST", "/api/v2/Consultants/register", setup, consultantFields()), 201);

export const appUserFields = () => {
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
export const png = { fileName: "cnic.png", content: PNG_1PX, contentType: "image/png" };
export async function newAppUser(): Promise<{
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
export async function newAppointment() {
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
export async function ownTask(headers: Headers, dueDate = "2099-01-01"): Promise<string> {
  const made = await t.app.inject({
    method: "POST",
    url: "/api/v2/tasks",
    headers,
    payload: { title: `Matrix task ${next()}`, dueDate },
  });
  return made.statusCode === 201 ? (made.json().id as string) : "no-such-task";
}

/** A passkey answer in the right shape that no challenge and no passkey of the server's matches. */
export const madeUpPasskeyAnswer = {
  id: "bWFkZS11cA",
  rawId: "bWFkZS11cA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

/** What each caller must get, from the route's declared access in this table (not from the code's own). */
export function expectedStatus(entry: Entry, caller: Caller): number {
  if (entry.access === "public") return entry.ok;
  if (caller === "none") return 401;
  // Each API refuses the other's tokens as no token at all.
  if (entry.access === "customer") return caller === "Customer" ? entry.ok : 401;
  if (caller === "Customer") return 401;
  if (caller === "AppUser") return 403;
  if (caller === "Staff" && entry.access === "admin") return 403;
  return entry.ok;
}
