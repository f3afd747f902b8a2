import { minutesToTime } from "@visadesk/contract/scheduling-constants";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The customer's wall-clock time of a consultant-local date and time: "14:00", or "Tue 11 Mar, 01:00"
 * when the customer's day is another one.
 */
export function customerTimeOf(date: string, time: string, consultantZone: string, customerZone: string) {
  const there = dayjs.tz(`${date} ${time}`, "YYYY-MM-DD HH:mm", consultantZone).tz(customerZone);
  return there.format("YYYY-MM-DD") === date ? there.format("HH:mm") : there.format("ddd D MMM, HH:mm");
}

/** "Tue, Mar 10, 2099, 05:30" of an instant in a zone: the details dialog's second local time. */
export const timeInZone = (iso: string, zone: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).format(new Date(iso));

/** Whether the customer's zone is worth showing beside the consultant's. */
export const zonesDiffer = (consultantZone: string, customerZone: string | null | undefined) =>
  Boolean(customerZone) && customerZone !== consultantZone;

/** Every slot start of a day, "00:00" to the last that ends by midnight. */
export function daySlots(slotMinutes: number): string[] {
  const starts: string[] = [];
  for (let minute = 0; minute + slotMinutes <= 24 * 60; minute += slotMinutes)
    starts.push(minutesToTime(minute));
  return starts;
}
