/** The one source of "now", so tests can move time (password-reset expiry, business-local today). */
export interface Clock {
  now(): Date;
  /** Lets this much time pass before going on (a test clock just moves itself on). */
  wait(ms: number): Promise<void>;
}
export const systemClock: Clock = {
  now: () => new Date(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Today's date YYYY-MM-DD in the given IANA time zone. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** "Monday, 2 June 2025" for mails; the date is a business-local calendar date, so format it in UTC. */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
