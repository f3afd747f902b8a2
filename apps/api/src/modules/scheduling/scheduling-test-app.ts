import { afterAll, beforeAll, expect } from "vitest";
import { APPOINTMENTS_URL } from "#test/appointments";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

/**
 * What the scheduling tests share: one app per file (`useSchedulingApp`, called by each file so that its
 * hooks and its clock are its own) with a Staff member signed in and an app user to book for, and the calls
 * that book and read free times. The clock starts on Friday 1 March 2030, 00:00 UTC; the business zone is
 * Asia/Karachi (UTC+5, no daylight saving). Dates in the tests are chosen by weekday: 2030-03-04 is a Monday.
 */
export let clock = testClock(new Date("2030-03-01T00:00:00Z"));
export let t: TestApp;
export let headers: { authorization: string };
export let customer: Awaited<ReturnType<TestApp["createAccount"]>>;

/** Starts the file's app (on a clock of its own) before its tests and closes it after them. */
export function useSchedulingApp() {
  beforeAll(async () => {
    clock = testClock(new Date("2030-03-01T00:00:00Z"));
    t = await createTestApp({ clock, config: { businessTimeZone: "Asia/Karachi" } });
    ({ headers } = await t.signIn("Staff"));
    customer = await t.createAccount({ role: "AppUser" });
  });
  afterAll(() => t.close());
}

/** Moves the clock (signing in again: a session idle for days has ended) and back afterwards. */
export async function at<T>(instant: string, run: () => Promise<T>): Promise<T> {
  clock.set(instant);
  ({ headers } = await t.signIn("Staff"));
  try {
    return await run();
  } finally {
    clock.set("2030-03-01T00:00:00Z");
    ({ headers } = await t.signIn("Staff"));
  }
}

export const book = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: APPOINTMENTS_URL,
    headers,
    payload: { userid: customer.guidId, description: "Study visa consultation", ...payload },
  });
export const availability = (consultantId: string, from: string, to: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/v2/Consultants/${consultantId}/availability?from=${from}&to=${to}`,
    headers,
  });
export const slotsOn = async (consultantId: string, date: string) => {
  const response = await availability(consultantId, date, date);
  expect(response.statusCode).toBe(200);
  return response.json().days[0].slots as string[];
};
export const postTiming = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/v2/Consultants/consultanttimings", headers, payload });
