import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant } from "#test/appointments";
import { type AuditRow, historyOf as readHistory } from "#test/builders";
import { createTestApp, multipart, type SignedIn, type TestApp, testClock } from "#test/helpers";
import { createAppointmentService } from "../appointments/service";
import { createFileService } from "../files/service";

/**
 * Every change through the product's routes writes its row in the history, by the person who made it, with
 * only the fields that changed; a refused or failed change writes none.
 */
const clock = testClock(new Date("2030-03-10T06:00:00Z"));
let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "Asia/Karachi" } });
  admin = await t.signIn("Admin");
  staff = await t.signIn("Staff");
});
afterAll(() => t.close());

type Row = AuditRow;

const historyOf = (entity: string, entityId: string) => readHistory(t.app, staff.headers, entity, entityId);

async function feed(query: Record<string, string>): Promise<Row[]> {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/v2/audit",
    query: { pageSize: "100", ...query },
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The whole table as text: what a reader of the database (or a backup) would see. */
const tableText = async () => JSON.stringify(await t.db.kysely.selectFrom("auditLog").selectAll().execute());

function consultantForm(overrides: Record<string, string> = {}) {
  return {
    Name: `Audit Consultant ${randomUUID().slice(0, 8)}`,
    BusinessName: "Audit Visas",
    ContactEmail: "audit@example.com",
    PhoneNumber: "+92 300 1234567",
    Fee: "100",
    IsApproved: "false",
    IsPremium: "false",
    ...overrides,
  };
}

async function saveConsultant(method: "POST" | "PUT", fields: Record<string, string>, as = staff) {
  const body = multipart(fields);
  return t.app.inject({
    method,
    url: method === "POST" ? "/api/v2/Consultants/register" : "/api/v2/Consultants/update",
    payload: body.payload,
    headers: { ...as.headers, ...body.headers },
  });
}

describe("consultants", () => {
  it("records a creation and a fee change by the person who made them, with only what changed", async () => {
    const form = consultantForm();
    const created = await saveConsultant("POST", form);
    expect(created.statusCode, created.body).toBe(201);
    const { guidId, version } = created.json();

    const updated = await saveConsultant("PUT", {
      ...form,
      GuidId: guidId,
      Fee: "150",
      version: String(version),
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const [update, create] = await historyOf("consultant", guidId);
    expect(update).toMatchObject({
      action: "update",
      actor: { guidId: staff.user.guidId },
      changes: { fee: { from: 100, to: 150 } },
    });
    expect(Object.keys(update?.changes ?? {})).toEqual(["fee"]);
    expect(create).toMatchObject({
      action: "create",
      actor: { guidId: staff.user.guidId },
      changes: {
        name: { from: null, to: form.Name },
        fee: { from: null, to: 100 },
        isApproved: { from: null, to: false },
      },
    });
  });

  it("records no row for a refused change: a stale version (409) or a bad fee (400)", async () => {
    const form = consultantForm();
    const created = (await saveConsultant("POST", form)).json();
    const stale = await saveConsultant("PUT", {
      ...form,
      GuidId: created.guidId,
      Fee: "120",
      version: "999",
    });
    expect(stale.statusCode).toBe(409);
    const bad = await saveConsultant("PUT", { ...form, GuidId: created.guidId, Fee: "-5" });
    expect(bad.statusCode).toBe(400);
    expect((await historyOf("consultant", created.guidId)).map((row) => row.action)).toEqual(["create"]);
  });

  it("leaves neither the change nor a row when writing the row fails inside the transaction", async () => {
    const form = consultantForm();
    const created = (await saveConsultant("POST", form)).json();
    // The database refuses this record's next history row: the change must roll back with it.
    if (t.db.dialect === "sqlite") {
      await sql
        .raw(
          `create trigger refuse_audit_row before insert on audit_log when new.entity_id = '${created.guidId}' ` +
            `begin select raise(abort, 'audit row refused'); end`,
        )
        .execute(t.db.kysely);
    } else {
      await sql
        .raw(
          "create function refuse_audit_row() returns trigger language plpgsql as $$ begin " +
            "raise exception 'audit row refused'; end $$",
        )
        .execute(t.db.kysely);
      await sql
        .raw(
          "create trigger refuse_audit_row before insert on audit_log for each row " +
            `when (new.entity_id = '${created.guidId}') execute function refuse_audit_row()`,
        )
        .execute(t.db.kysely);
    }
    try {
      const failed = await saveConsultant("PUT", { ...form, GuidId: created.guidId, Fee: "175" });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql
        .raw(`drop trigger refuse_audit_row${t.db.dialect === "postgres" ? " on audit_log" : ""}`)
        .execute(t.db.kysely);
      if (t.db.dialect === "postgres") await sql.raw("drop function refuse_audit_row()").execute(t.db.kysely);
    }
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${created.guidId}`,
      headers: staff.headers,
    });
    expect(stored.json().fee).toBe(100);
    expect((await historyOf("consultant", created.guidId)).map((row) => row.action)).toEqual(["create"]);
  });

  it("records a delete, an Admin's restore, and a bulk approval as one row per consultant of one request", async () => {
    const first = (await saveConsultant("POST", consultantForm())).json();
    const second = (await saveConsultant("POST", consultantForm())).json();
    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/bulk",
      headers: staff.headers,
      payload: { action: "approve", ids: [first.guidId, second.guidId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const [firstApproval] = await historyOf("consultant", first.guidId);
    const [secondApproval] = await historyOf("consultant", second.guidId);
    for (const row of [firstApproval, secondApproval]) {
      expect(row).toMatchObject({
        action: "approve",
        actor: { guidId: staff.user.guidId },
        changes: { isApproved: { from: false, to: true } },
      });
    }
    expect(firstApproval?.requestId).toBeTruthy();
    expect(firstApproval?.requestId).toBe(secondApproval?.requestId);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/Consultants/${first.guidId}`,
      headers: staff.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const restored = await t.app.inject({
      method: "POST",
      url: `/api/v2/Consultants/${first.guidId}/restore`,
      headers: admin.headers,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const [restore, remove] = await historyOf("consultant", first.guidId);
    expect(remove).toMatchObject({ action: "delete", actor: { guidId: staff.user.guidId } });
    expect(restore).toMatchObject({ action: "restore", actor: { guidId: admin.user.guidId } });
  });

  it("records an export of the list as one row with its filters", async () => {
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants/export?search=Audit",
      headers: staff.headers,
    });
    expect(exported.statusCode).toBe(200);
    const [row] = await feed({ action: "export", entity: "consultant" });
    expect(row).toMatchObject({
      actor: { guidId: staff.user.guidId },
      entityId: null,
      changes: { filter: { from: null, to: { search: "Audit" } } },
    });
  });
});

describe("a consultant's hours, office addresses and time off", () => {
  it("go into the consultant's history as changes of the consultant; a stale timing edit leaves no row", async () => {
    const created = await saveConsultant("POST", consultantForm());
    const { guidId } = created.json();
    const send = (url: string, payload: object, method: "POST" | "DELETE" = "POST") =>
      t.app.inject({ method, url: `/api/v2/Consultants/${url}`, payload, headers: staff.headers });

    const timing = await send("consultanttimings", { id: 0, consultantId: guidId, monday: "09:00 - 17:00" });
    expect(timing.statusCode, timing.body).toBe(200);
    const edited = await send("consultanttimings", { ...timing.json(), monday: "10:00 - 16:00" });
    expect(edited.statusCode, edited.body).toBe(200);
    // From the version before the edit: refused, and nothing recorded.
    const stale = await send("consultanttimings", { ...timing.json(), monday: "08:00 - 12:00" });
    expect(stale.statusCode).toBe(409);
    const address = await send("consultantaddresses", [
      {
        id: 0,
        consultantId: guidId,
        address: "12 Mall Road",
        city: "Lahore",
        state: "Punjab",
        zipCode: "54000",
        country: "PK",
      },
    ]);
    expect(address.statusCode, address.body).toBe(200);
    const timeOff = await send(`${guidId}/time-off`, {
      from: "2030-04-01",
      to: "2030-04-03",
      reason: "Leave",
    });
    expect(timeOff.statusCode, timeOff.body).toBe(201);
    const removed = await send(`${guidId}/time-off/${timeOff.json().guidId}`, {}, "DELETE");
    expect(removed.statusCode, removed.body).toBe(200);

    const [offRemoved, offAdded, office, hoursEdited, hoursAdded, creation] = await historyOf(
      "consultant",
      guidId,
    );
    expect(creation?.action).toBe("create");
    expect(hoursAdded).toMatchObject({
      action: "update",
      actor: { guidId: staff.user.guidId },
      changes: { "hours.monday": { from: null, to: "09:00 - 17:00" } },
    });
    expect(hoursEdited?.changes).toEqual({ "hours.monday": { from: "09:00 - 17:00", to: "10:00 - 16:00" } });
    expect(office?.changes).toEqual({
      officeAddress: { from: null, to: "12 Mall Road, Lahore, Punjab, 54000, PK" },
    });
    expect(offAdded?.changes).toEqual({ timeOff: { from: null, to: "2030-04-01 to 2030-04-03 (Leave)" } });
    expect(offRemoved?.changes).toEqual({ timeOff: { from: "2030-04-01 to 2030-04-03 (Leave)", to: null } });
  });
});

describe("app users", () => {
  const password = `App-user-${randomUUID()}`;
  const appUser = () => {
    const n = randomUUID().slice(0, 8);
    return {
      UserName: `audit${n}`,
      Email: `audit${n}@example.com`,
      FirstName: "Audit",
      LastName: "User",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-04-12",
      cnic: `35202-${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}-1`,
      Address: "12 Mall Road, Lahore",
      Password: password,
    };
  };
  const send = (method: "POST" | "PUT", url: string, fields: Record<string, string>) => {
    const body = multipart(fields);
    return t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...staff.headers, ...body.headers },
    });
  };

  it("records creation (password only as changed), an edit, a reset link and a delete; never a password or token", async () => {
    const fields = appUser();
    const created = await send("POST", "/api/v2/User/adduser", fields);
    expect(created.statusCode, created.body).toBe(201);
    const { guidId } = created.json();
    const edited = await send("PUT", `/api/v2/User/update-user?id=${guidId}`, {
      ...fields,
      FirstName: "Audited",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${guidId}/send-password-reset`,
      headers: staff.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const token = /token=([\w-]+)/.exec(t.mails.at(-1)?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${guidId}`,
      headers: staff.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const rows = await historyOf("user", guidId);
    expect(rows.map((row) => row.action)).toEqual(["delete", "password-reset-requested", "update", "create"]);
    for (const row of rows) expect(row.actor).toMatchObject({ guidId: staff.user.guidId });
    expect(rows[2]?.changes).toEqual({ firstName: { from: "Audit", to: "Audited" } });
    expect(rows[3]?.changes).toMatchObject({
      userName: { from: null, to: fields.UserName },
      password: "changed",
    });
    const stored = await tableText();
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(token);
  });

  it("records an Admin's approval of a registration", async () => {
    const pending = await t.createAccount({ role: "Staff", status: "pending" });
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${pending.guidId}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // An internal account's history is the Admins' (audit-access.test.ts).
    const [row] = await readHistory(t.app, admin.headers, "user", pending.guidId);
    expect(row).toMatchObject({
      action: "approve",
      actor: { guidId: admin.user.guidId },
      changes: { status: { from: "pending", to: "active" } },
    });
  });
});

describe("appointments", () => {
  it("records a booking, its confirmation, attendance and its delete; a refused edit leaves no row", async () => {
    const consultant = await insertConsultant(t);
    const created = await t.app.inject({
      method: "POST",
      url: APPOINTMENTS_URL,
      headers: staff.headers,
      payload: {
        consultantId: consultant.guidId,
        appointmentDate: "2030-03-12",
        appointmentTime: "10:00",
        description: "Study visa",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const appointment = created.json();
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: `${APPOINTMENTS_URL}/update-appointment`,
        headers: staff.headers,
        payload: {
          id: appointment.id,
          consultantId: consultant.guidId,
          appointmentDate: "2030-03-12",
          appointmentTime: "10:00",
          description: "Study visa",
          ...payload,
        },
      });
    expect((await edit({ isConfirmed: true, version: appointment.version })).statusCode).toBe(200);
    expect((await edit({ isPaid: true, version: appointment.version })).statusCode).toBe(409);
    expect((await edit({ appointmentDate: "2030-03-01" })).statusCode).toBe(400);

    const rows = await historyOf("appointment", appointment.guidId);
    expect(rows.map((row) => row.action)).toEqual(["confirm", "create"]);
    expect(rows[0]).toMatchObject({
      actor: { guidId: staff.user.guidId },
      changes: { isConfirmed: { from: false, to: true } },
    });
    expect(rows[1]?.changes).toMatchObject({ appointmentDate: { from: null, to: "2030-03-12" } });

    const removed = await t.app.inject({
      method: "DELETE",
      url: `${APPOINTMENTS_URL}/${appointment.guidId}`,
      headers: staff.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await historyOf("appointment", appointment.guidId))[0]).toMatchObject({
      action: "delete",
      actor: { guidId: staff.user.guidId },
    });
  });
});

describe("automatic reminders", () => {
  it("records a reminder the worker sent, by nobody", async () => {
    const consultant = await insertConsultant(t);
    const booked = await t.app.inject({
      method: "POST",
      url: APPOINTMENTS_URL,
      headers: staff.headers,
      payload: {
        consultantId: consultant.guidId,
        appointmentDate: "2030-03-14",
        appointmentTime: "10:00",
        description: "Work visa",
        isConfirmed: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json();
    const worker = createAppointmentService({
      config: t.config,
      db: t.db,
      clock,
      mailer: { send: async () => {} },
      files: createFileService(t.db, clock),
    }).reminderWorker(t.app.log);
    // Within a day of its start (10:00 in Karachi is 05:00 UTC): the 24-hour reminder is due.
    clock.set("2030-03-13T06:00:00Z");
    expect(await worker.tick()).toBeGreaterThanOrEqual(1);
    // A day idle ends a session: read the history in a fresh one.
    staff = await t.signIn("Staff");
    expect((await historyOf("appointment", appointment.guidId))[0]).toMatchObject({
      action: "remind",
      actor: null,
      changes: { reminder: { from: null, to: "sent" } },
    });
  });
});
