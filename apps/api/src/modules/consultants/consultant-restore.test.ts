import { randomUUID } from "node:crypto";
import {
  consultantDeletionMessages,
  consultantMessages,
  upcomingAppointmentsMessage,
} from "@visadesk/contract/consultants-constants";
import { describe, expect, it } from "vitest";
import { bookAppointment, readAppointment, useDeskApp } from "#test/appointments";
import { registerConsultant, uniqueTag } from "#test/builders";

/**
 * Deleting a consultant decides the fate of its upcoming appointments (cancel with a reason and tell the
 * customers, or keep them flagged), and an Admin can restore the consultant with its timings and addresses.
 */
const desk = useDeskApp("2030-03-10T12:00:00Z", { businessTimeZone: "UTC", companyName: "VisaDesk Test" });
const { clock } = desk;

const newConsultant = (name = `Farah Iqbal ${uniqueTag()}`) =>
  registerConsultant(desk.t.app, desk.admin, { Name: name });

let minute = 0;
async function book(consultantGuid: string, appointmentDate: string) {
  const customer = await desk.t.createAccount({ role: "AppUser" });
  minute += 1;
  const booked = await bookAppointment(desk.t, desk.staff, {
    userid: customer.guidId,
    consultantId: consultantGuid,
    appointmentDate,
    appointmentTime: `${String(9 + (minute % 8)).padStart(2, "0")}:${minute % 2 ? "00" : "30"}`,
    description: "Student visa file review",
    isConfirmed: true,
  });
  return { appointment: booked, customer };
}

const appointment = (guidId: string) => readAppointment(desk.t, desk.staff, guidId);
const remove = (guidId: string, query = "", as = desk.staff) =>
  desk.t.app.inject({ method: "DELETE", url: `/api/v2/Consultants/${guidId}${query}`, headers: as });
const restore = (guidId: string, as = desk.admin) =>
  desk.t.app.inject({ method: "POST", url: `/api/v2/Consultants/${guidId}/restore`, headers: as });

describe("deleting a consultant with upcoming appointments", () => {
  it("without a decision answers 409 and changes nothing", async () => {
    const consultant = await newConsultant();
    const { appointment: booked } = await book(consultant.guidId, "2030-03-20");
    const refused = await remove(consultant.guidId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(upcomingAppointmentsMessage(1));
    expect((await appointment(booked.guidId)).status).toBe("Confirmed");
  });

  it("cancel: cancels the upcoming ones with the reason, mails each customer after the commit, leaves past ones", async () => {
    const consultant = await newConsultant("Bilal Qureshi");
    const first = await book(consultant.guidId, "2030-03-10"); // today
    const second = await book(consultant.guidId, "2030-04-02");
    const past = await book(consultant.guidId, "2030-03-25");
    await desk.t.db.kysely
      .updateTable("appointments")
      .set({ appointmentDate: "2030-03-01" })
      .where("guidId", "=", past.appointment.guidId)
      .execute();

    // Cancelling needs a reason, and a refused delete mails no one.
    const mailsBefore = desk.t.mails.length;
    const noReason = await remove(consultant.guidId, "?appointments=cancel");
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: consultantDeletionMessages.reasonRequired });
    expect(desk.t.mails.length).toBe(mailsBefore);
    expect(
      (
        await desk.t.app.inject({
          method: "GET",
          url: `/api/v2/Consultants/${consultant.guidId}`,
          headers: desk.staff,
        })
      ).statusCode,
    ).toBe(200);

    const reason = "The consultant has left the firm";
    const response = await remove(
      consultant.guidId,
      `?appointments=cancel&reason=${encodeURIComponent(reason)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "Consultant deleted; 2 upcoming appointments cancelled and the customers notified",
      cancelledAppointments: 2,
      keptAppointments: 0,
    });
    for (const { appointment: booked } of [first, second]) {
      const after = await appointment(booked.guidId);
      expect(after).toMatchObject({
        isCancelled: true,
        status: "Cancelled",
        cancellationReason: reason,
        consultantDeleted: true,
        cancelledAt: clock.now().toISOString(),
        version: booked.version + 1,
      });
    }
    const untouched = await appointment(past.appointment.guidId);
    expect(untouched).toMatchObject({
      isCancelled: false,
      cancellationReason: null,
      consultantDeleted: true,
    });

    const sent = desk.t.mails.slice(mailsBefore);
    expect(sent.map((mail) => mail.to).sort()).toEqual([first.customer.email, second.customer.email].sort());
    const mail = sent.find((m) => m.to === second.customer.email)!;
    expect(mail.subject).toBe("Your appointment on Tuesday, 2 April 2030 is cancelled");
    expect(mail.text).toContain("Your appointment with Bilal Qureshi on Tuesday, 2 April 2030 at");
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.text).toContain("VisaDesk Test");
  });

  it("keep: the appointments stay as they were, their answers flag the consultant as deleted", async () => {
    const consultant = await newConsultant();
    const { appointment: booked } = await book(consultant.guidId, "2030-03-15");
    const mailsBefore = desk.t.mails.length;
    const response = await remove(consultant.guidId, "?appointments=keep");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Consultant deleted; 1 upcoming appointment kept, flagged "consultant removed"',
      cancelledAppointments: 0,
      keptAppointments: 1,
    });
    const after = await appointment(booked.guidId);
    expect(after).toMatchObject({
      status: "Confirmed",
      isCancelled: false,
      consultantDeleted: true,
      consultantName: consultant.name,
      version: booked.version,
    });
    expect(desk.t.mails.length).toBe(mailsBefore);
    // The list filtered by the deleted consultant still finds its appointments, flagged.
    const list = await desk.t.app.inject({
      method: "GET",
      url: `/api/v2/userAppointment/appointments?page=1&consultantId=${consultant.guidId}`,
      headers: desk.staff,
    });
    expect(
      list
        .json()
        .data.map((a: { guidId: string; consultantDeleted: boolean }) => [a.guidId, a.consultantDeleted]),
    ).toEqual([[booked.guidId, true]]);
  });

  it("appointments of consultants that are not deleted say so", async () => {
    const consultant = await newConsultant();
    const { appointment: booked } = await book(consultant.guidId, "2030-03-16");
    expect(booked).toMatchObject({ consultantDeleted: false, cancellationReason: null });
  });
});

describe("the Deleted filter and restore", () => {
  it("deleted=true lists deleted consultants, most recently deleted first, for Admins only", async () => {
    const older = await newConsultant(`Deleted Earlier ${randomUUID().slice(0, 6)}`);
    const newer = await newConsultant(`Deleted Later ${randomUUID().slice(0, 6)}`);
    expect((await remove(older.guidId)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await remove(newer.guidId)).statusCode).toBe(200);

    const forbidden = await desk.t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants?deleted=true",
      headers: desk.staff,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("Only an Admin can see deleted consultants");

    const list = await desk.t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants?deleted=true&page=1&search=deleted",
      headers: desk.admin,
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Array<{ guidId: string; deletedAt: string; updatedBy: string }>;
    expect(rows.map((c) => c.guidId)).toEqual([newer.guidId, older.guidId]);
    expect(rows[0]!.deletedAt).toBe(clock.now().toISOString());
    expect(list.json().total).toBe(2);
    // The ordinary list still leaves them out.
    const active = await desk.t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants?page=1&search=deleted",
      headers: desk.admin,
    });
    expect(active.json().data).toEqual([]);
  });

  it("restores a consultant with its timings and addresses; cancelled appointments stay cancelled", async () => {
    const consultant = await newConsultant();
    const timing = await desk.t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/consultanttimings",
      headers: desk.staff,
      payload: {
        id: 0,
        consultantId: consultant.guidId,
        isActive: true,
        isDeleted: false,
        // Every day, so the bookings below fall inside the hours whatever weekday they land on.
        ...Object.fromEntries(
          ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [
            day,
            "09:00-17:00",
          ]),
        ),
      },
    });
    expect(timing.statusCode, timing.body).toBe(200);
    const address = await desk.t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/consultantaddresses",
      headers: desk.staff,
      payload: [
        {
          id: 0,
          consultantId: consultant.guidId,
          isActive: true,
          isDeleted: false,
          address: "5 Jail Road",
          city: "Lahore",
          state: "Punjab",
          country: "Pakistan",
          zipCode: "54000",
        },
      ],
    });
    expect(address.statusCode, address.body).toBe(200);
    const { appointment: booked } = await book(consultant.guidId, "2030-05-01");
    expect((await remove(consultant.guidId, "?appointments=cancel&reason=Retired")).statusCode).toBe(200);

    // Staff may not restore.
    expect((await restore(consultant.guidId, desk.staff)).statusCode).toBe(403);
    clock.advance(60_000);
    const restored = await restore(consultant.guidId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      message: consultantMessages.restored,
      consultant: { guidId: consultant.guidId, name: consultant.name },
      notRestored: ["1 appointment cancelled by the delete stays cancelled"],
    });

    const detail = await desk.t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${consultant.guidId}`,
      headers: desk.staff,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().timings.map((row: { sunday: string }) => row.sunday)).toEqual(["09:00-17:00"]);
    expect(detail.json().addresses.map((row: { city: string }) => row.city)).toEqual(["Lahore"]);
    const listed = await desk.t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/consultants?page=1&search=${encodeURIComponent(consultant.name)}`,
      headers: desk.staff,
    });
    expect(listed.json().data.map((c: { guidId: string }) => c.guidId)).toEqual([consultant.guidId]);
    expect(await appointment(booked.guidId)).toMatchObject({
      isCancelled: true,
      consultantDeleted: false,
      cancellationReason: "Retired",
    });
  });

  it("a restored consultant's kept appointments lose the flag; a consultant that is not deleted answers 409", async () => {
    const consultant = await newConsultant();
    const { appointment: booked } = await book(consultant.guidId, "2030-05-02");
    expect((await remove(consultant.guidId, "?appointments=keep")).statusCode).toBe(200);
    const restored = await restore(consultant.guidId);
    expect(restored.json().notRestored).toEqual([]);
    expect(await appointment(booked.guidId)).toMatchObject({ consultantDeleted: false, status: "Confirmed" });

    const again = await restore(consultant.guidId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(consultantMessages.notDeleted);
    expect((await restore(randomUUID())).statusCode).toBe(404);
  });
});
