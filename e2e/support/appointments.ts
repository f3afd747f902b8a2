import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations } from "./fixtures";

type Auth = { headers: Record<string, string> };
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/**
 * A consultant saved the way the consultants screen saves one (multipart Consultants/register), with no hours;
 * `fields` adds form fields (IsApproved: "true" lists it for customers).
 */
export async function consultantWithoutTimings(
  request: APIRequestContext,
  auth: Auth,
  name: string,
  fields: Record<string, string> = {},
) {
  const response = await request.post("/api/v2/Consultants/register", {
    ...auth,
    multipart: {
      ...fields,
      Name: name,
      BusinessName: `${name} Visa Services`,
      ContactEmail: `${name.replaceAll(" ", ".").toLowerCase()}@example.com`,
      PhoneNumber: "+92 300 1234567",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string; name: string; timeZone: string };
}

/** A consultant as above, with the same hours every day: by default 09:00 to 19:00, every slot the dialog offers. */
export async function consultantWithHours(
  request: APIRequestContext,
  auth: Auth,
  name: string,
  hours = "09:00 - 19:00",
  fields: Record<string, string> = {},
) {
  const consultant = await consultantWithoutTimings(request, auth, name, fields);
  const timing = await request.post("/api/v2/Consultants/consultanttimings", {
    ...auth,
    data: { id: 0, consultantId: consultant.guidId, ...Object.fromEntries(DAYS.map((day) => [day, hours])) },
  });
  expect(timing.status()).toBe(200);
  return consultant;
}

/** A date `days` ahead, YYYY-MM-DD. */
export const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** axe reads colours: check a dialog only once its fade-in is over. */
export async function expectDialogAccessible(page: Page, name: string) {
  await expect(dialog(page, name)).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
}
