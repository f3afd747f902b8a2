import type { paths } from "@visadesk/contract/generated/customer-api";
import { useSyncExternalStore } from "react";
import { accessToken, setAccessToken } from "./access-token";
import { api } from "./api";

type TokenPair =
  paths["/api/customer/v1/auth/sign-in"]["post"]["responses"][200]["content"]["application/json"];
export type Customer = TokenPair["customer"];

/**
 * The signed-in customer of this tab. The access token lives in memory only; the refresh token is an
 * HttpOnly cookie the API sets for its auth routes, so no script can read it. A page load (or the access
 * token's end) asks the API for the next pair.
 */
interface Session {
  status: "unknown" | "signed-out" | "signed-in";
  customer: Customer | null;
  /** Signed out because the customer erased the account here (the pages say so instead of asking to sign in). */
  erased?: boolean;
}
let session: Session = { status: "unknown", customer: null };
let renewTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

export const useSession = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
  );

/**
 * Whether this browser signed in here and has not signed out since: only then can a refresh cookie exist,
 * so a visitor who never signed in sends no refresh (and gets no 401) on every page load. It says nothing
 * secret: the cookie itself stays out of reach of scripts.
 */
const SIGNED_IN_KEY = "visadesk-book-signed-in";
function remember(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, "1");
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // No storage: every load asks for a refresh, as if signed in.
  }
}
function mayBeSignedIn() {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === "1";
  } catch {
    return true;
  }
}

/** At page load: the session back from the refresh cookie, if this browser has one. */
export function restoreSession(): Promise<void> {
  if (!mayBeSignedIn()) {
    set({ status: "signed-out", customer: null });
    return Promise.resolve();
  }
  return refresh();
}

/** The live stream's code, loaded at the first sign-in of this page (a visitor never downloads it). */
let live: Promise<typeof import("./live-updates")> | undefined;

function signedIn(pair: TokenPair) {
  remember(true);
  setAccessToken(pair.accessToken);
  clearTimeout(renewTimer);
  // A minute before the access token ends, the next pair: the customer is never asked to sign in mid-task.
  renewTimer = setTimeout(() => void refresh(), Math.max(10, pair.expiresIn - 60) * 1000);
  set({ status: "signed-in", customer: pair.customer });
  // The open pages told of changes to the customer's records, read with this token (again after each refresh).
  live ??= import("./live-updates");
  void live
    .then((updates) => updates.startLiveUpdates({ accessToken, unauthorized: () => void refresh() }))
    .catch(() => undefined);
}

/** The customer's details changed (their profile saved): every screen shows the new ones. */
export function customerChanged(customer: Customer) {
  if (session.status === "signed-in") set({ status: "signed-in", customer });
}

/** The account is gone (erased): this tab forgets the session at once. */
export function accountErased() {
  signedOut();
  set({ ...session, erased: true });
}

function signedOut() {
  remember(false);
  setAccessToken(null);
  clearTimeout(renewTimer);
  void live?.then((updates) => updates.stopLiveUpdates()).catch(() => undefined);
  set({ status: "signed-out", customer: null });
}

let refreshing: Promise<void> | null = null;

/**
 * The next pair from the refresh cookie. A refresh token works once, and presented twice it ends the
 * device's session: so one refresh at a time in this tab (a shared promise) and across the site's tabs (a
 * Web Lock, inside which the cookie read is the newest one).
 */
export function refresh(): Promise<void> {
  refreshing ??= withLock(async () => {
    const { data } = await api.POST("/api/customer/v1/auth/refresh", {
      body: {},
      credentials: "same-origin",
    });
    if (data) signedIn(data);
    else signedOut();
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== "undefined" && "locks" in navigator) {
    return navigator.locks.request("visadesk-customer-refresh", work).then(() => undefined);
  }
  return work();
}

/** A name for this device in the customer's list of devices: the browser and the system it runs on. */
function deviceName() {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  return `${browser}${system ? ` on ${system}` : ""} (web)`;
}

/** Signs in; answers whether it did, and the API's refusal (`refused`) when it did not. */
export async function signIn(
  email: string,
  password: string,
): Promise<{ ok: true } | { ok: false; refused: unknown }> {
  const { data, error } = await api.POST("/api/customer/v1/auth/sign-in", {
    body: { email, password, deviceName: deviceName(), refreshTokenIn: "cookie" },
  });
  if (data) {
    signedIn(data);
    return { ok: true };
  }
  return { ok: false, refused: error };
}

export async function signOut() {
  await api.POST("/api/customer/v1/auth/sign-out", {}).catch(() => undefined);
  signedOut();
}
