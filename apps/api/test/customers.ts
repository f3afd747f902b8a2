import { randomInt, randomUUID } from "node:crypto";
import type { TokenPair } from "@visadesk/contract/customer-auth";
import { expect, vi } from "vitest";
import { registerConsultant } from "./builders";
import type { TestApp } from "./helpers";

export const CUSTOMER_API = "/api/customer/v1";

let counter = 0;
/** A valid sign-up body, unique per call (username, email and CNIC). */
export function signUpBody(extra: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${counter}${randomUUID().slice(0, 6)}`;
  const digits = String(randomInt(1_000_000, 10_000_000));
  return {
    userName: `customer${tag}`,
    email: `customer${tag}@example.com`,
    firstName: "Ayesha",
    lastName: "Khan",
    phoneNumber: "+92 300 1234567",
    dateOfBirth: "1990-04-12",
    cnic: `35202-${digits}-${counter % 10}`,
    address: "12 Mall Road, Lahore",
    password: "a-long-customer-password",
    timeZone: "Asia/Karachi",
    language: "en",
    ...extra,
  };
}

/**
 * The code in the newest verification mail to `email`, once it has arrived (mails leave after the answer):
 * found by its link, which reads the same in every language.
 */
export async function codeMailedTo(t: TestApp, email: string): Promise<string> {
  let code = "";
  await vi.waitFor(() => {
    const mail = t.mails.filter((sent) => sent.to === email && /\/verify-email\?/.test(sent.text)).at(-1);
    code = /[?&]code=(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(code).not.toBe("");
  });
  return code;
}

export interface SignedInCustomer {
  email: string;
  password: string;
  pair: TokenPair;
  headers: { authorization: string };
}

/**
 * A customer who signed up, verified the email and signed in on a device. A sign-up is no account until its
 * email is proven, so `verified: false` is an app user staff added, whose email nobody has proven yet.
 */
export async function signedInCustomer(
  t: TestApp,
  options: { verified?: boolean; body?: Record<string, unknown>; deviceName?: string } = {},
): Promise<SignedInCustomer> {
  if (options.verified === false) {
    const account = await t.createAccount({ role: "AppUser" });
    const pair = await signIn(t, account.email, account.password, options.deviceName);
    return { email: account.email, password: account.password, pair, headers: bearer(pair.accessToken) };
  }
  const body = signUpBody(options.body);
  const signUp = await t.app.inject({ method: "POST", url: `${CUSTOMER_API}/auth/sign-up`, payload: body });
  expect(signUp.statusCode, signUp.body).toBe(202);
  const code = await codeMailedTo(t, body.email);
  const verify = await t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/auth/verify-email`,
    payload: { email: body.email, code },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const pair = await signIn(t, body.email, body.password, options.deviceName);
  return { email: body.email, password: body.password, pair, headers: bearer(pair.accessToken) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signIn(t: TestApp, email: string, password: string, deviceName = "Test phone") {
  const response = await t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/auth/sign-in`,
    payload: { email, password, deviceName },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TokenPair;
}

/**
 * A verified customer made without the sign-up's full-strength password hash (50 of them would take seconds
 * each): an app user from createAccount, its email marked proven, signed in through the customer API.
 */
export async function quickCustomer(t: TestApp, deviceName = "Test phone"): Promise<SignedInCustomer> {
  const account = await t.createAccount({ role: "AppUser" });
  await t.db.kysely
    .updateTable("users")
    .set({ emailVerifiedAt: new Date().toISOString(), timeZone: "Asia/Karachi" })
    .where("id", "=", account.id)
    .execute();
  const pair = await signIn(t, account.email, account.password, deviceName);
  return { email: account.email, password: account.password, pair, headers: bearer(pair.accessToken) };
}

type ConsultantForm = Parameters<typeof registerConsultant>;
/**
 * A consultant registered by staff (with the caller's form fields and pictures, if any) and approved, so
 * customers can find and book them: their guidId.
 */
export async function approvedConsultant(
  t: TestApp,
  staff: Record<string, string>,
  fields?: ConsultantForm[2],
  files?: ConsultantForm[3],
): Promise<string> {
  const consultant = await registerConsultant(t.app, staff, fields, files);
  await t.db.kysely
    .updateTable("consultants")
    .set({ isApproved: true })
    .where("guidId", "=", consultant.guidId)
    .execute();
  return consultant.guidId;
}
