import { appUserDeletionMessages } from "@visadesk/contract/users-constants";
import { describe, expect, it } from "vitest";
import { bookAppointment, readAppointment, useDeskApp } from "#test/appointments";
import { registerConsultant } from "#test/builders";
import type { TestAccount } from "#test/helpers";

/**
 * Deleting an app user decides the fate of their upcoming appointments by the consultants' rule: cancel
 * (with a reason, each party mailed after the commit) or keep them flagged "customer removed"; the restore
 * says what stays cancelled.
 */
const desk = useDeskApp("2030-05-06T08:00:00Z", { businessTimeZone: "UTC", companyName: "VisaDesk Test" });

let slot = 0;
function book(customer: TestAccount, consultantId: string, appointmentDate = "2030-05-20") {
  slot += 1;
  return bookAppointment(desk.t, desk.staff, {
    userid: customer.guidId,
    consultantId,
    appointmentDate,
    appointmentTime: `${String(9 + (slot % 9)).padStart(2, "0")}:${slot % 2 ? "00" : "30"}`,
    description: "Visa file review",
  });
}
const appointment = (guidId: string) => readAppointment(desk.t, desk.staff, guidId);
const remove = (guidId: string, query = "") =>
  desk.t.app.inject({ method: "DELETE", url: `/api/v2/User/users/${guidId}${query}`, headers: desk.staff });
async function awaitingIds() {
  const response = await desk.t.app.inject({
    method: "GET",
    url: "/api/v2/Dashboard/overview",
    headers: desk.staff,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().awaitingConfirmation.data as Array<{ id: string; customer: string }>;
}

describe("deleting an app user with upcoming appointments", () => {
  it("without a decision answers 409, and the impact counts them", async () => {
    const customer = await desk.t.createAccount({ role: "AppUser" });
    const consultant = await registerConsultant(desk.t.app, desk.staff);
    await book(customer, consultant.guidId);
    const impact = await desk.t.app.inject({
      method: "GET",
      url: `/api/v2/User/users/${customer.guidId}/deletion-impact`,
      headers: desk.staff,
    });
    expect(impact.json()).toEqual({ upcomingAppointments: 1 });
    const refused = await remove(customer.guidId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(appUserDeletionMessages.upcoming(1));
  });

  it("cancel: cancels them with the reason, mails each party after the commit; the dashboard drops them; the restore says so", async () => {
    const customer = await desk.t.createAccount({ role: "AppUser" });
    const first = await registerConsultant(desk.t.app, desk.staff, {
      ContactEmail: "first@consultants.example.com",
    });
    const second = await registerConsultant(desk.t.app, desk.staff, {
      ContactEmail: "second@consultants.example.com",
    });
    const booked = [await book(customer, first.guidId), await book(customer, second.guidId)];
    const ids = booked.map((a) => a.guidId);
    expect((await awaitingIds()).map((item) => item.id)).toEqual(expect.arrayContaining(ids));

    const mailsBefore = desk.t.mails.length;
    const noReason = await remove(customer.guidId, "?appointments=cancel");
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: appUserDeletionMessages.reasonRequired });
    expect(desk.t.mails.length).toBe(mailsBefore);

    const reason = "The customer closed the account";
    const response = await remove(
      customer.guidId,
      `?appointments=cancel&reason=${encodeURIComponent(reason)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: appUserDeletionMessages.deletedResult(2, 0),
      cancelledAppointments: 2,
      keptAppointments: 0,
    });
    for (const before of booked) {
      expect(await appointment(before.guidId)).toMatchObject({
        isCancelled: true,
        status: "Cancelled",
        cancellationReason: reason,
        customerDeleted: true,
        version: before.version + 1,
      });
    }
    const sent = desk.t.mails.slice(mailsBefore);
    expect(sent.map((mail) => mail.to).sort()).toEqual(
      [
        customer.email,
        customer.email,
        "first@consultants.example.com",
        "second@consultants.example.com",
      ].sort(),
    );
    expect(sent.every((mail) => mail.text.includes(`Reason: ${reason}`))).toBe(true);
    const awaiting = (await awaitingIds()).map((item) => item.id);
    for (const id of ids) expect(awaiting).not.toContain(id);

    const restored = await desk.t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${customer.guidId}/restore`,
      headers: desk.admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().notRestored).toContain(appUserDeletionMessages.deletedCancelled(2));
    for (const id of ids) expect((await appointment(id)).isCancelled).toBe(true);
  });

  it("keep: the appointment stays, flagged as the deleted customer's, and can still be settled", async () => {
    const customer = await desk.t.createAccount({ role: "AppUser" });
    const consultant = await registerConsultant(desk.t.app, desk.staff);
    const booked = await book(customer, consultant.guidId);
    const mailsBefore = desk.t.mails.length;
    const response = await remove(customer.guidId, "?appointments=keep");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'AppUser deleted; 1 upcoming appointment kept, flagged "customer removed"',
      cancelledAppointments: 0,
      keptAppointments: 1,
    });
    expect(desk.t.mails.length).toBe(mailsBefore);
    expect(await appointment(booked.guidId)).toMatchObject({
      isCancelled: false,
      status: "Pending",
      customerDeleted: true,
    });
    const item = (await awaitingIds()).find((row) => row.id === booked.guidId);
    expect(item?.customer).toMatch(/ \(deleted\)$/);

    const cancel = await desk.t.app.inject({
      method: "POST",
      url: "/api/v2/userAppointment/bulk",
      headers: desk.staff,
      payload: { action: "cancel", ids: [booked.guidId] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().results[0]).toMatchObject({ ok: true });
    expect((await appointment(booked.guidId)).isCancelled).toBe(true);
  });
});
