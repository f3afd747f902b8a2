/**
 * How the back-office writes an instant: "12 Mar 2030, 17:18 (Asia/Karachi)". Every time shown names its
 * zone, so an event at 12:18 UTC read in Karachi is never taken for 12:18 or for the reader's own clock.
 * Without a zone, the browser's own (named too).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The browser's IANA time zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function formatIn(zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: zone,
    });
    formats.set(zone, format);
  }
  return format;
}

export function formatInstant(iso: string, zone: string = browserTimeZone()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatIn(zone).format(at)} (${zone})`;
}
