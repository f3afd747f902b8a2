import { describe, expect, it } from "vitest";
import { daysWithoutFreeTimes } from "./free-times";

describe("why a day has no free times", () => {
  // 2030-03-11 is a Monday.
  const consultant = {
    hours: [
      { weekday: 1, start: "09:00", end: "09:30" },
      { weekday: 2, start: "09:00", end: "17:00" },
    ],
    timeOff: [{ from: "2030-03-12", to: "2030-03-12", reason: null }],
  };
  const availability = {
    defaultHours: false,
    days: [
      { date: "2030-03-10", slots: [] },
      { date: "2030-03-11", slots: [] },
      { date: "2030-03-12", slots: [] },
      { date: "2030-03-13", slots: [] },
      { date: "2030-03-14", slots: ["09:00"] },
    ],
  };

  it("says closed, time off or fully booked for each future day without a slot", () => {
    expect(daysWithoutFreeTimes(consultant, availability, "2030-03-11")).toEqual([
      { date: "2030-03-11", reason: "fully booked" },
      { date: "2030-03-12", reason: "time off" },
      { date: "2030-03-13", reason: "closed" },
    ]);
  });

  it("never calls a day closed for a consultant on the default hours", () => {
    const days = daysWithoutFreeTimes(
      { hours: [], timeOff: [] },
      { defaultHours: true, days: [{ date: "2030-03-13", slots: [] }] },
      "2030-03-11",
    );
    expect(days).toEqual([{ date: "2030-03-13", reason: "fully booked" }]);
  });
});
