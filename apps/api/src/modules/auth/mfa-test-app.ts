import { afterAll, beforeAll, expect } from "vitest";
import {
  bearerHeaders,
  createTestApp,
  type SignedIn,
  type TestAccount,
  type TestApp,
  testClock,
} from "#test/helpers";
import { totpOf } from "./mfa-store";
import { BINDING_COOKIE } from "./tokens";

/**
 * What the two-factor tests share: one app per file that a second instance can share the database of
 * (`useMfaApp`, called by each file so that its hooks and its clock are its own), the codes of an
 * authenticator app at the clock's step, and the sign-in steps. `t` and `clock` are the current file's.
 */
export let clock = testClock(new Date("2031-03-04T10:00:00.000Z"));
export let t: TestApp;

/** Starts the file's app (on a clock of its own) before its tests and closes it after them. */
export function useMfaApp() {
  beforeAll(async () => {
    clock = testClock(new Date("2031-03-04T10:00:00.000Z"));
    t = await createTestApp({ clock, replicable: true });
  });
  afterAll(() => t.close());
}

/** The next 30-second step: every code of a test is new unless it means to reuse one. */
export const nextStep = () => clock.advance(30_000);
export const codeOf = (secret: string) => totpOf(secret).generate({ timestamp: clock.now().getTime() });
export const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });
export const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url, headers });
export const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === BINDING_COOKIE)?.value;

export const passwordStep = (account: TestAccount) =>
  post("/api/v2/connect/verify-login", { email: account.email, password: account.password });

/** Signs in with the password only (an account with no factor). */
export async function signInPlain(account: TestAccount): Promise<SignedIn> {
  const response = await passwordStep(account);
  expect(response.statusCode, response.body).toBe(200);
  return {
    token: response.json().accessToken,
    headers: bearerHeaders(response.json().accessToken, cookieOf(response) ?? ""),
    user: account,
  };
}

/** A new Staff account with an authenticator app turned on: its secret and recovery codes. */
export async function enrolled(app: TestApp = t) {
  const account = await app.createAccount();
  const response = await app.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: { email: account.email, password: account.password },
  });
  const headers = bearerHeaders(response.json().accessToken, cookieOf(response) ?? "");
  const started = await app.app.inject({ method: "POST", url: "/api/v2/account/mfa/totp", headers });
  const { secret } = started.json();
  const confirmed = await app.app.inject({
    method: "POST",
    url: "/api/v2/account/mfa/totp/confirm",
    headers,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  nextStep();
  return {
    account,
    secret: secret as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
    headers,
  };
}

/** Both steps: the password, then the code; the signed-in headers. */
export async function signInWithCode(account: TestAccount, code: string) {
  const first = await passwordStep(account);
  expect(first.json().mfaRequired).toBe(true);
  const second = await post("/api/v2/connect/verify-mfa", { mfaToken: first.json().mfaToken, code });
  return second;
}
