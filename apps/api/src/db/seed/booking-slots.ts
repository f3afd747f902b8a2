/* Where generated appointments go: the day's slots and a spread over days that never double-books. */

/** Appointment slots: every 30 minutes from 09:00 to 18:30, stored HH:MM:SS. */
export const APPOINTMENT_SLOTS: readonly string[] = Array.from({ length: 20 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;
});

/** YYYY-MM-DD shifted by whole days (dates are business-local calendar days, no time zone). */
export function addDays(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/**
 * The k-th booking slot of a consultant, the same on every run: consultants' bookings spread over a
 * window of 180 days (60 back, 120 ahead of today) and over the day's 20 slots, so generated
 * appointments never double-book as long as k counts up from the consultant's existing bookings.
 */
export function bookingSlot(consultantIndex: number, k: number, today: string) {
  const perDay = APPOINTMENT_SLOTS.length;
  const day = Math.floor(k / perDay);
  const offset = -60 + (((day % 180) * 7 + consultantIndex) % 180) + 180 * Math.floor(day / 180);
  const date = addDays(today, offset);
  return {
    date,
    time: APPOINTMENT_SLOTS[(k + consultantIndex) % perDay] as string,
    isPast: date < today,
  };
}
