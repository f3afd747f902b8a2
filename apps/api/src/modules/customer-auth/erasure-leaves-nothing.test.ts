import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxDir } from "#api/lib/mailer";
import { approvedConsultant, bearer, CUSTOMER_API, quickCustomer, signIn } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

/**
 * After a customer erases their account, nothing the product keeps still holds their email or their words:
 * not a text column of any table (the history of their appointments, staff's notes, sign-in counters,
 * Idempotency-Keys' stored answers included), not a mail kept in the outbox but the one confirming the
 * erasure, not a log line.
 */
// 08:00 in Karachi: consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-erasure-"));
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    realMailer: true,
    config: { dataDir, logLevel: "info" },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every text column of every table of the database, as "table.column". */
async function textColumns(): Promise<Array<{ table: string; column: string }>> {
  if (t.db.dialect === "postgres") {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(t.db.kysely);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and sql not like 'create virtual%'`.execute(
    t.db.kysely,
  );
  const columns = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})`.execute(t.db.kysely);
    for (const column of rows) {
      if (column.type === "" || /text|char|clob|json/i.test(column.type)) {
        columns.push({ table: name, column: column.name });
      }
    }
  }
  return columns;
}

/** Where in the database `needle` is found (case aside), as "table.column". */
async function foundIn(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from ${sql.table(table)}
      where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`}`.execute(t.db.kysely);
    if (Number(rows[0]?.count) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

const outbox = () => {
  const dir = outboxDir(dataDir);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    : [];
};

describe("an erased customer", () => {
  it("leaves their email and words nowhere: no table, no outbox mail, no log line", async () => {
    const admin = (await t.signIn("Admin")).headers;
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const email = customer.email;
    const description = "Passport QX7781234 for the UK study visa";
    const reason = "My father Imran Qadri is unwell";
    const book = async (startsAt: string, key?: string) => {
      const answer = await t.app.inject({
        method: "POST",
        url: `${CUSTOMER_API}/appointments`,
        headers: { ...customer.headers, ...(key ? { "idempotency-key": key } : {}) },
        payload: { consultantId, startsAt, description },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().guidId as string;
    };
    // Booked, one with an Idempotency-Key (whose stored answer holds the description), one cancelled with a reason.
    const kept = await book("2026-12-03T05:00:00Z", "erasure-key");
    const cancelled = await book("2026-12-04T05:00:00Z");
    const cancel = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments/${cancelled}/cancel`,
      headers: customer.headers,
      payload: { reason },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Staff write about them, and staff change the booking (its history names the customer's words).
    for (const [entity, entityId] of [
      ["user", customer.pair.customer.guidId],
      ["appointment", kept],
    ]) {
      const note = await t.app.inject({
        method: "POST",
        url: "/api/v2/notes",
        headers: admin,
        payload: { entity, entityId, text: `Called ${email} about: ${description}` },
      });
      expect(note.statusCode, note.body).toBe(201);
    }
    // Failed sign-ins are counted under the email as typed; a password reset mails them (in the outbox).
    for (const password of ["wrong-password-1", "wrong-password-2"]) {
      const failed = await t.app.inject({
        method: "POST",
        url: `${CUSTOMER_API}/auth/sign-in`,
        payload: { email, password, deviceName: "Phone" },
      });
      expect(failed.statusCode).toBe(401);
    }
    await t.app.inject({ method: "POST", url: `${CUSTOMER_API}/auth/forgot-password`, payload: { email } });
    await vi.waitFor(() => expect(outbox().some((mail) => mail.includes(`To: ${email}`))).toBe(true));
    expect(await foundIn(email)).not.toEqual([]);
    expect(await foundIn(description)).not.toEqual([]);
    expect(logLines.join("\n")).toContain("mail written to the outbox");

    const pair = await signIn(t, email, customer.password);
    const erased = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me`,
      headers: bearer(pair.accessToken),
      payload: { password: customer.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // The consultant is told of the cancelled booking, without the customer's address.
    await vi.waitFor(() => expect(outbox().some((mail) => mail.includes("erased their account"))).toBe(true));
    await vi.waitFor(() => expect(outbox().some((mail) => mail.includes("account is erased"))).toBe(true));

    for (const personal of [email, description, reason]) {
      expect(await foundIn(personal), personal).toEqual([]);
    }
    // Of the mails kept, only the confirmation names them: nothing else of theirs is in it.
    const naming = outbox().filter((mail) => mail.toLowerCase().includes(email.toLowerCase()));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toContain(`To: ${email}\nSubject: Your VisaDesk account is erased\n`);
    for (const words of [description, reason]) {
      expect(outbox().filter((mail) => mail.includes(words))).toEqual([]);
    }
    expect(logLines.filter((line) => line.toLowerCase().includes(email.toLowerCase()))).toEqual([]);
  });
});
