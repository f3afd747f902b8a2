import { randomUUID } from "node:crypto";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";
import { createTestApp, testClock } from "#test/helpers";

const suite = useAppointmentsApp();
const { clock, create, update } = suite;
const url = APPOINTMENTS_URL;
const TODAY = "2030-03-10";
const get = (id: string | number) =>
  suite.t.app.inject({ method: "GET", url: `${url}/${id}`, headers: suite.headers });

let slot = 0;
/** A valid booking on its own day, so tests never collide. */
const booking = (consultantId: string | number, extra: Record<string, unknown> = {}) => {
  slot += 1;
  const day = String(11 + (slot % 17)).padStart(2, "0");
  return {
    consultantId,
    appointmentDate: `2030-04-${day}`,
    appointmentTime: `${String(9 + (slot % 9)).padStart(2, "0")}:30`,
    description: `Student visa consultation ${slot}`,
    ...extra,
  };
};

describe("access", () => {
  it("answers 401 without a token and serves Staff and Admin", async () => {
    const none = await suite.t.app.inject({ method: "GET", url: `${url}/appointments` });
    expect(none.statusCode).toBe(401);
    const admin = await suite.t.signIn("Admin");
    const listed = await suite.t.app.inject({
      method: "GET",
      url: `${url}/appointments`,
      headers: admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(Array.isArray(listed.json())).toBe(true);
  });
});

describe("POST /api/v2/userAppointment", () => {
  it("books for the signed-in user, answering guidIds, the consultant's own name and a time with seconds", async () => {
    const consultant = await insertConsultant(suite.t);
    const guidId = randomUUID();
    const response = await create({
      guidId,
      consultantId: consultant.id,
      consultantName: "A name the client made up",
      consultantEmail: "made-up@example.com",
      appointmentDate: TODAY,
      appointmentTime: "09:30",
      description: "  Work permit questions  ",
      supportContact: "+92 51 1234567",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      guidId,
      userid: suite.staff.guidId,
      userId: suite.staff.guidId,
      userEmail: suite.staff.email,
      consultantId: consultant.guidId,
      consultantName: consultant.name,
      consultantEmail: consultant.contactEmail,
      appointmentDate: TODAY,
      appointmentTime: "09:30:00",
      description: "Work permit questions",
      supportContact: "+92 51 1234567",
      isConfirmed: false,
      isCancelled: false,
      isPaid: false,
      status: "Pending",
      confirmedAt: null,
      confirmedBy: null,
    });
    expect((await get(guidId)).json().id).toBe(response.json().id);
  });

  it("stamps confirmedAt and confirmedBy from the signed-in user when booked confirmed", async () => {
    const consultant = await insertConsultant(suite.t);
    const response = await create(
      booking(consultant.guidId, { isConfirmed: true, appointmentTime: "10:00:00" }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: "Confirmed",
      isConfirmed: true,
      confirmedAt: clock.now().toISOString(),
      confirmedBy: suite.staff.userName,
      appointmentTime: "10:00:00",
    });
  });

  it("answers 400 with the spec's message per field when required fields are missing", async () => {
    const response = await create({});
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      consultantId: messages.consultantRequired,
      appointmentDate: messages.dateRequired,
      appointmentTime: messages.timeRequired,
      description: messages.descriptionRequired,
    });
    const blank = await create({
      consultantId: "",
      appointmentDate: "",
      appointmentTime: "",
      description: "  ",
    });
    expect(blank.json().fieldErrors).toEqual({
      consultantId: messages.consultantRequired,
      appointmentDate: messages.dateRequired,
      appointmentTime: messages.timeRequired,
      description: messages.descriptionRequired,
    });
  });

  it("enforces the lengths and formats", async () => {
    const consultant = await insertConsultant(suite.t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ description: "x".repeat(501) }, "description", messages.descriptionTooLong],
      [{ supportContact: "x".repeat(101) }, "supportContact", messages.supportContactTooLong],
      [{ appointmentTime: "25:00" }, "appointmentTime", messages.timeInvalid],
      [{ appointmentTime: "9:30" }, "appointmentTime", messages.timeInvalid],
      [{ appointmentDate: "2030-02-30" }, "appointmentDate", messages.dateInvalid],
      [{ appointmentDate: "10/03/2030" }, "appointmentDate", messages.dateInvalid],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(booking(consultant.guidId, change));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    }
    const longest = await create(
      booking(consultant.guidId, { description: "x".repeat(500), supportContact: "y".repeat(100) }),
    );
    expect(longest.statusCode).toBe(201);
  });

  it("refuses an unknown or deleted consultant", async () => {
    const deleted = await insertConsultant(suite.t, { deletedAt: new Date().toISOString() });
    for (const consultantId of [randomUUID(), 999_999, deleted.guidId]) {
      const response = await create(booking(consultantId));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ consultantId: messages.consultantNotFound });
    }
  });

  it("books for an app user chosen by staff, but not in another staff member's name", async () => {
    const consultant = await insertConsultant(suite.t);
    const customer = await suite.t.createAccount({ role: "AppUser" });
    const booked = await create(booking(consultant.guidId, { userid: customer.guidId }));
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ userid: customer.guidId, userEmail: customer.email });

    const colleague = await suite.t.createAccount({ role: "Staff" });
    for (const userid of [colleague.guidId, randomUUID()]) {
      const refused = await create(booking(consultant.guidId, { userid }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ userid: messages.customerNotFound });
    }
  });
});

describe("today in BUSINESS_TIMEZONE", () => {
  it("uses the business-local date, not the server's UTC date", async () => {
    const consultant = await insertConsultant(suite.t);
    const before = clock.now();
    try {
      // 20:30 UTC on 1 June is already 01:30 on 2 June in Karachi.
      clock.set("2030-06-01T20:30:00Z");
      const { headers: late } = await suite.t.signIn("Staff");
      const yesterday = await create(booking(consultant.guidId, { appointmentDate: "2030-06-01" }), late);
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json()).toMatchObject({
        message: messages.datePast,
        fieldErrors: { appointmentDate: messages.datePast },
      });
      const today = await create(booking(consultant.guidId, { appointmentDate: "2030-06-02" }), late);
      expect(today.statusCode).toBe(201);
    } finally {
      clock.set(before);
    }
  });

  it("follows the configured zone: in Los Angeles the same instant is still 1 June", async () => {
    const la = await createTestApp({
      clock: testClock(new Date("2030-06-02T03:00:00Z")),
      config: {
        businessTimeZone: "America/Los_Angeles",
      },
    });
    try {
      const consultant = await insertConsultant(la);
      const { headers: laHeaders } = await la.signIn("Staff");
      const response = await la.app.inject({
        method: "POST",
        url,
        headers: laHeaders,
        payload: booking(consultant.guidId, { appointmentDate: "2030-06-01" }),
      });
      expect(response.statusCode).toBe(201);
      const past = await la.app.inject({
        method: "POST",
        url,
        headers: laHeaders,
        payload: booking(consultant.guidId, { appointmentDate: "2030-05-31" }),
      });
      expect(past.json().fieldErrors).toEqual({ appointmentDate: messages.datePast });
    } finally {
      await la.close();
    }
  });
});

describe("GET one and DELETE", () => {
  it("finds by numeric id or guidId, and 404s an unknown one", async () => {
    const consultant = await insertConsultant(suite.t);
    const created = (await create(booking(consultant.guidId))).json();
    expect((await get(created.id)).json()).toEqual(created);
    expect((await get(created.guidId)).json()).toEqual(created);
    const missing = await get(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.notFound);
  });

  // Found by the fuzz tests: PostgreSQL refused the out-of-range numbers with an error, a 500.
  it("404s digits past any row id and refuses ids past the range in a body with 400", async () => {
    for (const id of ["99999999999999999999999", "2147483648"]) {
      expect((await get(id)).statusCode).toBe(404);
    }
    const consultant = await insertConsultant(suite.t);
    const update = await suite.update({ ...booking(consultant.guidId), id: 2147483648 });
    expect(update.statusCode).toBe(400);
    expect(update.json().fieldErrors).toHaveProperty("id");
    const create = await suite.create(booking(2147483648));
    expect(create.statusCode).toBe(400);
    expect(create.json().fieldErrors).toHaveProperty("consultantId");
  });

  it("deletes for good and frees the slot", async () => {
    const consultant = await insertConsultant(suite.t);
    const details = booking(consultant.guidId);
    const created = (await create(details)).json();
    const removed = await suite.t.app.inject({
      method: "DELETE",
      url: `${url}/${created.id}`,
      headers: suite.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: messages.deleted });
    expect((await get(created.id)).statusCode).toBe(404);
    const again = await suite.t.app.inject({
      method: "DELETE",
      url: `${url}/${created.id}`,
      headers: suite.headers,
    });
    expect(again.statusCode).toBe(404);
    expect((await create(details)).statusCode).toBe(201);
  });
});

describe("POST /api/v2/userAppointment/{id}/send-reminder", () => {
  it("mails the appointment's user and records when", async () => {
    const consultant = await insertConsultant(suite.t, { name: "Amina Khan" });
    const customer = await suite.t.createAccount({ role: "AppUser" });
    const created = (
      await create(booking(consultant.guidId, { userid: customer.guidId, appointmentDate: "2030-04-01" }))
    ).json();
    const response = await suite.t.app.inject({
      method: "POST",
      url: `${url}/${created.id}/send-reminder`,
      headers: suite.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: messages.reminderSent(customer.email),
      appointment: { id: created.id, reminderSentAt: clock.now().toISOString() },
    });
    const mail = suite.t.mails.at(-1);
    expect(mail?.to).toBe(customer.email);
    expect(mail?.subject).toBe("Reminder: your appointment on Monday, 1 April 2030");
    expect(mail?.text).toContain("Amina Khan");
    expect((await get(created.id)).json().reminderSentAt).toBe(clock.now().toISOString());
  });

  it("refuses a cancelled appointment", async () => {
    const consultant = await insertConsultant(suite.t);
    const created = (await create(booking(consultant.guidId))).json();
    await update({ ...created, isCancelled: true });
    const response = await suite.t.app.inject({
      method: "POST",
      url: `${url}/${created.id}/send-reminder`,
      headers: suite.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.reminderCancelled);
  });
});

describe("OpenAPI", () => {
  it("documents every appointment endpoint", async () => {
    const response = await suite.t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      "/api/v2/userAppointment/appointments",
      "/api/v2/userAppointment/{id}",
      "/api/v2/userAppointment",
      "/api/v2/userAppointment/update-appointment",
      "/api/v2/userAppointment/{id}/send-reminder",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
