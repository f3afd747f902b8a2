import { accountControlMessages, accountMessages, mfaMessages } from "./account-constants";
import { appUserValidationMessages } from "./app-user-validation";
import { appointmentMessages } from "./appointments-constants";
import {
  authMessages,
  authValidationMessages,
  secondFactorMessages,
  settingsFirstMessages,
  signInLockedMessage,
} from "./auth-constants";
import { calendarMessages } from "./calendar";
import { serverMessages, uploadMessages } from "./common-constants";
import {
  addressMessages,
  consultantDeletionMessages,
  consultantListMessages,
  consultantMessages,
  timeZoneChangeMessages,
  timingMessages,
} from "./consultants-constants";
import { en as customerAnswers } from "./customer-answers/en";
import { customerAuthMessages } from "./customer-auth";
import { customerBookingMessages } from "./customer-bookings";
import { customerDirectoryMessages } from "./customer-directory";
import { customerLiveMessages } from "./customer-live-endpoints";
import { dashboardMessages } from "./dashboard-constants";
import { generalMessages } from "./general-constants";
import { exportBusyMessage, listMessages } from "./lists-constants";
import { liveMessages } from "./live-endpoints";
import { noteMessages } from "./notes-constants";
import { notificationMessages } from "./notifications-constants";
import { phoneNumberMessages } from "./phone-number";
import { schedulingMessages } from "./scheduling-constants";
import { taskMessages } from "./tasks-constants";
import {
  approvalMessages,
  appUserDeletionMessages,
  appUserMessages,
  customerAccountMessages,
  internalUserMessages,
  userListMessages,
} from "./users-constants";

/**
 * The stable `code` of every error answer: a snake_case word a client branches on, where `message` is the
 * text it shows (translated on the customer API). A code is not written by hand per message: it is the
 * snake_case of the message's key in the contract's message catalogues below (`slotTaken` →
 * `slot_taken`), so a new message gets its code by being added to its catalogue, and renaming a key renames
 * its code (the catalogue's snapshot test then fails). The server finds the code from the English text,
 * before it is translated, as the customer API finds its translation.
 *
 * The catalogues are searched in this order; a text found in two keeps the first one's code.
 */
const catalogues: ReadonlyArray<Readonly<Record<string, unknown>>> = [
  // The specific refusals first: "Consultant not found" is consultant_not_found, not a bare not_found.
  customerBookingMessages,
  appointmentMessages,
  schedulingMessages,
  customerAuthMessages,
  customerDirectoryMessages,
  authMessages,
  authValidationMessages,
  secondFactorMessages,
  settingsFirstMessages,
  accountMessages,
  accountControlMessages,
  mfaMessages,
  consultantMessages,
  consultantDeletionMessages,
  consultantListMessages,
  timeZoneChangeMessages,
  timingMessages,
  addressMessages,
  appUserMessages,
  appUserDeletionMessages,
  appUserValidationMessages,
  approvalMessages,
  customerAccountMessages,
  internalUserMessages,
  userListMessages,
  phoneNumberMessages,
  noteMessages,
  taskMessages,
  notificationMessages,
  listMessages,
  dashboardMessages,
  calendarMessages,
  liveMessages,
  customerLiveMessages,
  generalMessages,
  uploadMessages,
  serverMessages,
  // The messages declared on their own.
  { signInLocked: signInLockedMessage, exportBusy: exportBusyMessage },
];

/**
 * Codes of answers that no one message names: a refusal by the request schemas (its message is the first
 * field's, so it says which field; its code says what kind of refusal), a path no route has, and each
 * status's own code for a text no catalogue holds.
 */
export const generalErrorCodes = {
  validation: "validation_failed",
  noRoute: "route_not_found",
} as const;
export const statusErrorCodes: Readonly<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "not_acceptable",
  408: "request_timeout",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  422: "unprocessable",
  423: "locked",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

/** What every code looks like. */
export const ERROR_CODE_PATTERN = /^[a-z][a-z0-9_]*$/;

/** "tooManyUpcoming" → "too_many_upcoming"; "signInLockedOneMinute" → "sign_in_locked_one_minute". */
export const snakeCaseOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** What a message function is called with to see its text around its arguments. */
const HOLE = "\u0001";

const exact = new Map<string, string>();
const templates: Array<{ code: string; pattern: RegExp; fixed: number }> = [];
const addTemplate = (code: string, parts: string[]) => {
  templates.push({
    code,
    pattern: new RegExp(`^${parts.map(escapeRegExp).join("(.+?)")}$`),
    fixed: parts.join("").length,
  });
};
/** Each message key and its code, for the catalogue's tests. */
const keyed: Array<{ key: string; code: string }> = [];

for (const catalogue of catalogues) {
  for (const [key, value] of Object.entries(catalogue)) {
    const code = snakeCaseOf(key);
    if (typeof value === "string") {
      keyed.push({ key, code });
      if (!exact.has(value)) exact.set(value, code);
    } else if (typeof value === "function") {
      // A message made from a number (a limit, minutes): its words around the number are its template.
      let text: unknown;
      try {
        text = (value as (...args: unknown[]) => unknown)(HOLE, HOLE, HOLE);
      } catch {
        continue;
      }
      if (typeof text !== "string" || !text.includes(HOLE)) continue;
      keyed.push({ key, code });
      addTemplate(code, text.split(HOLE));
    }
  }
}
// The customer API's catalogue holds the texts with a number written as {{variable}} (sign-in locked).
type Tree = { readonly [key: string]: string | Tree };
const visit = (tree: Tree) => {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== "string") {
      visit(value);
      continue;
    }
    const code = snakeCaseOf(key);
    keyed.push({ key, code });
    const parts = value.split(/{{\s*[^}]+?\s*}}/);
    if (parts.length === 1) {
      if (!exact.has(value)) exact.set(value, code);
    } else addTemplate(code, parts);
  }
};
visit(customerAnswers);
// The template with the most fixed words decides where two would match.
templates.sort((a, b) => b.fixed - a.fixed);

/**
 * The code of an error answer from its English message and its status: the message's key in the
 * catalogues, else the status's own code.
 */
export function errorCodeOf(message: string | undefined, status: number): string {
  if (message !== undefined) {
    const code = exact.get(message) ?? templates.find((template) => template.pattern.test(message))?.code;
    if (code) return code;
  }
  return statusErrorCodes[status] ?? (status >= 500 ? "internal" : "bad_request");
}

/** Every code an error answer can carry, sorted: the catalogue clients may rely on. */
export const ERROR_CODES: readonly string[] = [
  ...new Set([
    ...keyed.map(({ code }) => code),
    ...Object.values(generalErrorCodes),
    ...Object.values(statusErrorCodes),
  ]),
].sort();

/** Each message key with its code (a key in two catalogues is listed once per catalogue). */
export const errorCodeKeys: ReadonlyArray<{ key: string; code: string }> = keyed;
