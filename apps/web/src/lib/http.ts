import { authMessages, REQUEST_TIMEOUT_MS } from "@visadesk/contract/auth-constants";
import { generalMessages } from "@visadesk/contract/common-constants";
import axios, { AxiosError } from "axios";
import { API_HOST } from "./env";
import { session } from "./session";
import { notify } from "./toast";

declare module "axios" {
  interface AxiosRequestConfig {
    /** Skip the global error toast: the caller shows its own message (spec section 8 names many). */
    silent?: boolean;
  }
}

/** The main client of spec section 7: base path /api/v2/, JSON, 10 s timeout, bearer token when stored. */
export const http = axios.create({
  baseURL: `${API_HOST}/api/v2/`,
  timeout: REQUEST_TIMEOUT_MS,
  // Spec section 8 names the transport text "timeout exceeded" (axios would say "timeout of 10000ms exceeded").
  timeoutErrorMessage: "timeout exceeded",
  headers: { "Content-Type": "application/json" },
});

http.interceptors.request.use((config) => {
  const token = session.getToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  // Let the browser set the multipart boundary.
  if (typeof FormData !== "undefined" && config.data instanceof FormData)
    config.headers.delete("Content-Type");
  return config;
});

/** Toast text in the spec's order: response message, response error, the error's own message, fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
    if (typeof data?.message === "string" && data.message) return data.message;
    if (typeof data?.error === "string" && data.error) return data.error;
  }
  if (error instanceof Error && error.message) return error.message;
  return generalMessages.fallback;
}

/** The field errors of a 400 answer, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { fieldErrors?: Record<string, string> } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof AxiosError ? error.response?.status : undefined;

/** Called on a 401, so the app can send the visitor to /login. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

http.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isCancel(error)) return Promise.reject(error);
  const silent = error instanceof AxiosError && error.config?.silent;
  if (statusOf(error) === 401) {
    session.clear();
    // A refused token means the session is gone, whatever the screen meant to show; a refused
    // sign-in (no token sent) is not a lost session, and the sign-in page shows its own message.
    const tokenRefused = error instanceof AxiosError && Boolean(error.config?.headers?.Authorization);
    if (tokenRefused || !silent) notify.error(authMessages.authFailed, { toastId: authMessages.authFailed });
    if (tokenRefused) onUnauthorized();
  } else if (!silent) {
    notify.error(errorMessage(error));
  }
  return Promise.reject(error);
});
