import type { Appointment } from "@visadesk/contract/appointments";
import type { Calendar } from "@visadesk/contract/calendar";
import { describe, expect, it } from "vitest";
import { datePresets } from "../date-presets";
import { businessHoursOf, calendarEvents, wallClockOf } from "./calendar-events";
import { rangeTitle, stepDate, visibleRange } from "./calendar-range";

describe("the calendar's range", () => {
  it("asks for the day, its Monday-to-Sunday week (the list's This week), or the month grid's six weeks", () => {
    // 2030-03-12 is a Tuesday.
    expect(visibleRange("day", "2030-03-12")).toEqual({ from: "2030-03-12", to: "2030-03-12" });
    expect(visibleRange("week", "2030-03-12")).toEqual({ from: "2030-03-11", to: "2030-03-17" });
    expect(visibleRange("week", "2030-03-11")).toEqual({ from: "2030-03-11", to: "2030-03-17" });
    // A Sunday ends its week.
    expect(visibleRange("week", "2030-03-17")).toEqual({ from: "2030-03-11", to: "2030-03-17" });
    // March 2030 starts on a Friday: the grid starts on Monday 25 February, 42 days.
    expect(visibleRange("month", "2030-03-31")).toEqual({ from: "2030-02-25", to: "2030-04-07" });
  });

  it("has the same week as the list's This week preset", () => {
    // Sunday 2 March 2031.
    const thisWeek = datePresets(new Date(2031, 2, 2, 9)).find((preset) => preset.label === "This week");
    const { from, to } = visibleRange("week", "2031-03-02");
    expect(thisWeek?.filters).toEqual({ from, to });
  });

  it("steps by a day, a week or a month, keeping a day the month has", () => {
    expect(stepDate("day", "2030-02-28", 1)).toBe("2030-03-01");
    expect(stepDate("week", "2030-03-12", -1)).toBe("2030-03-05");
    expect(stepDate("month", "2030-01-31", 1)).toBe("2030-02-28");
  });

  it("titles what is shown", () => {
    expect(rangeTitle("day", "2030-03-12")).toBe("Tuesday, 12 March 2030");
    // The range dash is spaced or not depending on the runtime's locale data.
    expect(rangeTitle("week", "2030-03-12")).toMatch(/^11\s?–\s?17 March 2030$/);
    expect(rangeTitle("month", "2030-03-12")).toBe("March 2030");
  });
});

describe("the calendar's events", () => {
  const appointment = {
    guidId: "a-1",
    appointmentDate: "2030-03-11",
    appointmentTime: "09:30:00",
    startsAt: "2030-03-11T04:30:00.000Z",
    endsAt: "2030-03-11T05:00:00.000Z",
    status: "Cancelled",
    isCancelled: true,
    userEmail: "sara@example.com",
    consultantName: "Amina Khan",
    consultantId: "c-1",
    consultantDeleted: false,
    customerDeleted: false,
  } as Appointment;
  const calendar: Calendar = {
    from: "2030-03-10",
    to: "2030-03-16",
    slotMinutes: 30,
    appointments: [appointment],
    consultants: [
      {
        consultantId: "c-1",
        name: "Amina Khan",
        timeZone: "Asia/Karachi",
        hours: [{ weekday: 1, start: "09:00", end: "13:00" }],
        timeOff: [{ from: "2030-03-14", to: "2030-03-15", reason: null }],
      },
    ],
  };

  it("draws an appointment at its consultant's wall-clock time, saying its status; a cancelled one stays put", () => {
    const [event, away] = calendarEvents(calendar);
    expect(event).toMatchObject({
      id: "a-1",
      title: "09:30 Cancelled: sara@example.com with Amina Khan",
      start: "2030-03-11T09:30:00",
      end: "2030-03-11T10:00:00",
      editable: false,
    });
    // Time off covers its last day too.
    expect(away).toMatchObject({
      start: "2030-03-14",
      end: "2030-03-16",
      display: "background",
      allDay: true,
    });
  });

  it("shades the hours per weekday, and reads a clicked slot back as wall-clock", () => {
    expect(businessHoursOf(calendar)).toEqual([{ daysOfWeek: [1], startTime: "09:00", endTime: "13:00" }]);
    expect(wallClockOf(new Date("2030-03-11T10:30:00Z"))).toEqual({ date: "2030-03-11", time: "10:30" });
  });
});
