/**
 * The first day of the week, declared once: Monday (the spec's weekdays run Monday to Sunday). The list's
 * "This week" and the calendar's weeks and month grid both start on it. 0 = Sunday … 6 = Saturday.
 */
export const FIRST_DAY_OF_WEEK = 1;

/** How many days a weekday (0 = Sunday) lies after the week's first day. */
export const daysIntoWeek = (weekday: number) => (weekday - FIRST_DAY_OF_WEEK + 7) % 7;
