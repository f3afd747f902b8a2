import { randomUUID } from "node:crypto";
import type { Consultant } from "@visadesk/contract/consultants";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../src/db/database";
import { multipart } from "./helpers";

type Fields = Parameters<typeof multipart>[0];
type Files = Parameters<typeof multipart>[1];
type Headers = Record<string, string>;

let counter = 0;
/** A short text no other test of the run uses: names and emails stay apart across test files and engines. */
export function uniqueTag(): string {
  counter += 1;
  return `${counter}x${randomUUID().slice(0, 6)}`;
}

/** A multipart request as the web forms send it (text fields and files), with the caller's headers. */
export function sendForm(
  app: FastifyInstance,
  request: { method: "POST" | "PUT"; url: string; headers: Headers },
  fields: Fields,
  files: Files = {},
) {
  const body = multipart(fields, files);
  return app.inject({
    method: request.method,
    url: request.url,
    payload: body.payload,
    headers: { ...request.headers, ...body.headers },
  });
}

/** The fewest fields a consultant is registered with (the form's required ones), plus the caller's. */
export const consultantFields = (fields: Fields = {}): Fields => ({
  Name: `Amina Khan ${uniqueTag()}`,
  BusinessName: "Khan Visa Advisers",
  ContactEmail: "amina@khan-visas.example.com",
  PhoneNumber: "+92 300 1234567",
  ...fields,
});

/** Registers a consultant through the API as staff do; fails the test unless it was created. */
export async function registerConsultant(
  app: FastifyInstance,
  headers: Headers,
  fields: Fields = {},
  files: Files = {},
): Promise<Consultant> {
  const response = await sendForm(
    app,
    { method: "POST", url: "/api/v2/Consultants/register", headers },
    consultantFields(fields),
    files,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Consultant;
}

/** An audit row as the API answers it, with the fields the tests read. */
export type AuditRow = {
  id: string;
  actor: { guidId: string; name: string } | null;
  action: string;
  entity: string;
  entityId: string | null;
  about: { entity: string; entityId: string } | null;
  subject: string | null;
  account: { kind: "app-user" | "internal"; email: string } | null;
  changes: Record<string, unknown>;
  requestId: string | null;
};

/** One record's history (newest first), read through the API as the given caller. */
export async function historyOf(
  app: FastifyInstance,
  headers: Record<string, string>,
  entity: string,
  entityId: string,
): Promise<AuditRow[]> {
  const response = await app.inject({
    method: "GET",
    url: "/api/v2/audit",
    query: { entity, entityId, pageSize: "100" },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/**
 * Consultants whose CSV export is about 600 KB: enough to fill every buffer on the way, so an export that
 * nobody reads stays open (as a slow one would), holding its export slot.
 */
export async function insertBulkyConsultants(db: Db) {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto("consultants")
    .values(
      Array.from({ length: 60 }, (_, n) => ({
        guidId: randomUUID(),
        name: `Export ${n}`,
        businessName: "Export test",
        contactEmail: `export-${n}@example.com`,
        phoneNumber: "+92 300 0000000",
        address: "x".repeat(10_000),
        createdAt: now,
        updatedAt: now,
        isApproved: true,
        isPremium: false,
      })),
    )
    .execute();
}
