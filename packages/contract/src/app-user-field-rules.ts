import { z } from "zod";
import { appUserValidationMessages, CNIC_PATTERN } from "./app-user-validation";
import { isBlankOrPhoneNumber, phoneNumberMessages } from "./phone-number";
import { timeZoneInputSchema } from "./scheduling";

/**
 * The building blocks of the app user fields' rules (app-user-fields-constants.ts picks one per field):
 * kept apart so the field declarations stay free of zod and the pages that only name fields stay light.
 */

const m = appUserValidationMessages;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** Today's date as YYYY-MM-DD in the local time of whoever validates (a birthday has no time zone). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
// Each check stays quiet about values another check reports, so a field shows one message at a time.
const dateOfBirth = () =>
  required(m.dateOfBirth, 10)
    .refine((value) => value === "" || isDate(value), m.dateOfBirthInvalid)
    .refine((value) => !isDate(value) || value <= today(), m.dateOfBirthFuture);

const cnic = () =>
  z.string({ error: m.cnic }).trim().min(1, m.cnic).max(15, m.cnicFormat).regex(CNIC_PATTERN, m.cnicFormat);

export const appUserFieldRules = {
  // The few zod builders the fields use, not zod itself: handing out the namespace would keep all of it
  // (every locale's messages) in each page that loads a form.
  z: { string: z.string, number: z.number, email: z.email, boolean: z.boolean },
  /** The app user form's messages. */
  m,
  phone: { isBlankOrNumber: isBlankOrPhoneNumber, m: phoneNumberMessages },
  required,
  dateOfBirth,
  cnic,
  /** IANA zone; blank = keep (edit) or none (add). */
  timeZone: () => timeZoneInputSchema,
};
export type AppUserFieldRules = typeof appUserFieldRules;
