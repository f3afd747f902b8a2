import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

/**
 * What the audit log's test files share: one app per file with an Admin and a Staff member signed in
 * (`useAuditApp`, called by each file so that its hooks are its own), the Admin's feed, and the table as
 * raw text. `t`, `admin` and `staff` are the current file's.
 */
export let t: TestApp;
export let admin: SignedIn;
export let staff: SignedIn;

/** Starts the file's app before its tests and closes it after them. */
export function useAuditApp() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn("Admin");
    staff = await t.signIn("Staff");
  });
  afterAll(() => t.close());
}

/** Every stored row, newest first, as the Admin's feed answers them (filters as query text). */
export async function feed(query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/v2/audit",
    query: { pageSize: "100", ...query },
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{
    actor: { guidId: string; name: string } | null;
    action: string;
    entity: string;
    entityId: string | null;
    subject: string | null;
    account: { kind: string; email: string } | null;
    changes: Record<string, unknown>;
    requestId: string | null;
    ip: string | null;
  }>;
}
export const historyOf = (entityId: string) => feed({ entity: "user", entityId });

/** The whole table as raw text: what a reader of the database (or a backup) would see. */
export async function tableText() {
  const rows = await t.db.kysely.selectFrom("auditLog").selectAll().execute();
  return JSON.stringify(rows);
}
