import { schedulingMessages as messages } from "@visadesk/contract/scheduling";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant } from "#test/appointments";
import { at, book, headers, t, useSchedulingApp } from "./scheduling-test-app";

/** Attendance, and booking mails in two time zones. */
useSchedulingApp();

describe("attendance", () => {
  const mark = (id: number | string, attendance: string | null) =>
    t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/${id}/attendance`,
      headers,
      payload: { attendance },
    });

  it("is null at first, refused before the start, recorded after it, and filterable", async () => {
    const consultant = await insertConsultant(t);
    const appointment = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "10:00" })
    ).json();
    expect(appointment.attendance).toBe(null);
    const early = await mark(appointment.id, "Attended");
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(messages.attendanceBeforeStart);

    await at("2030-03-04T05:00:00Z", async () => {
      const marked = await mark(appointment.guidId, "NoShow");
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ attendance: "NoShow", version: appointment.version + 1 });
      const noShows = await t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/appointments?attendance=NoShow&consultantId=${consultant.guidId}`,
        headers,
      });
      expect(noShows.json().map((row: { id: number }) => row.id)).toEqual([appointment.id]);
      const attended = await t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/appointments?attendance=Attended&consultantId=${consultant.guidId}`,
        headers,
      });
      expect(attended.json()).toEqual([]);
      expect((await mark(appointment.id, null)).json().attendance).toBe(null);
    });
  });

  it("refuses NoShow on a cancelled appointment but records a late cancellation", async () => {
    const consultant = await insertConsultant(t);
    const booked = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "11:00" })
    ).json();
    await t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers,
      payload: { ...booked, isCancelled: true },
    });
    await at("2030-03-04T07:00:00Z", async () => {
      const noShow = await mark(booked.id, "NoShow");
      expect(noShow.statusCode).toBe(400);
      expect(noShow.json().message).toBe(messages.noShowCancelled);
      expect((await mark(booked.id, "LateCancellation")).json().attendance).toBe("LateCancellation");
      const bad = await mark(booked.id, "Maybe");
      expect(bad.statusCode).toBe(400);
    });
  });
});

describe("mails in two time zones", () => {
  it("shows the consultant's local time, and the app user's too when their zone differs", async () => {
    const consultant = await insertConsultant(t, { timeZone: "Europe/London", hours: "09:00 - 17:00" });
    const traveller = await t.createAccount({ role: "AppUser" });
    await t.db.kysely
      .updateTable("users")
      .set({ timeZone: "Asia/Karachi" })
      .where("id", "=", traveller.id)
      .execute();
    const booked = await book({
      userid: traveller.guidId,
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-04",
      appointmentTime: "09:00",
    });
    expect(booked.json().userTimeZone).toBe("Asia/Karachi");
    const sent = await t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/${booked.json().id}/send-reminder`,
      headers,
    });
    expect(sent.statusCode).toBe(200);
    const mail = t.mails.at(-1);
    expect(mail?.text).toContain("Monday, 4 March 2030 at 9:00 am, United Kingdom Time (Europe/London)");
    expect(mail?.text).toContain(
      "Monday, 4 March 2030 at 2:00 pm, Pakistan Standard Time (Asia/Karachi) for you",
    );

    const local = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "10:00" })
    ).json();
    await t.app.inject({ method: "POST", url: `${APPOINTMENTS_URL}/${local.id}/send-reminder`, headers });
    expect(t.mails.at(-1)?.text).toContain(
      "Monday, 4 March 2030 at 10:00 am, United Kingdom Time (Europe/London).",
    );
    expect(t.mails.at(-1)?.text).not.toContain("for you");
  });
});
