import { authMessages, REQUEST_TIMEOUT_MS } from "@visadesk/contract/auth-constants";
import { API_HOST } from "./env";
import { errorMessage, HttpError, type RequestConfig, type SentConfig, statusOf } from "./http-error";
import { session } from "./session";
import { notify } from "./toast";

// A failed call's shape and its texts live apart so the toasts can read them without importing the client.
export {
  errorMessage,
  fieldErrorsOf,
  HttpError,
  type RequestConfig,
  type SentConfig,
  statusOf,
} from "./http-error";

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  config: SentConfig;
}

const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** The address a call goes to: the path under its base, the query's present values as text. */
export function addressOf(url: string, config: RequestConfig): string {
  const base = config.baseURL ?? http.defaults.baseURL;
  const joined = base && !ABSOLUTE.test(url) ? `${base.replace(/\/+$/, "")}/${url.replace(/^\/+/, "")}` : url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${joined}${joined.includes("?") ? "&" : "?"}${search}` : joined;
}

async function bodyOf(response: Response, responseType: RequestConfig["responseType"]): Promise<unknown> {
  if (responseType === "blob") return response.blob();
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : text;
  } catch {
    return text;
  }
}

async function request<T>(
  method: string,
  url: string,
  body: unknown,
  options: RequestConfig = {},
): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  // JSON bodies say so; the browser sets a form's multipart boundary itself; no body, no type.
  if (body !== undefined && !isForm) headers["Content-Type"] ??= "application/json";
  const token = session.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const config: SentConfig = { ...options, method, url, headers };

  const timeout = options.timeout ?? http.defaults.timeout;
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(addressOf(url, options), {
      method,
      headers,
      signal: controller.signal,
      ...(body === undefined ? {} : { body: isForm ? (body as FormData) : JSON.stringify(body) }),
    });
    data = await bodyOf(response, options.responseType);
  } catch {
    throw timedOut
      ? new HttpError("timeout exceeded", "ECONNABORTED", config)
      : new HttpError("Network Error", "ERR_NETWORK", config);
  } finally {
    clearTimeout(timer);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError(
      `Request failed with status code ${response.status}`,
      response.status < 500 ? "ERR_BAD_REQUEST" : "ERR_BAD_RESPONSE",
      config,
      { status: response.status, data, headers: response.headers },
    );
  }
  return { data: data as T, status: response.status, headers: response.headers, config };
}

/** Every failure goes through here: the global toast and the 401 rule, then the caller's own handling. */
async function send<T>(
  method: string,
  url: string,
  body: unknown,
  config?: RequestConfig,
): Promise<HttpResponse<T>> {
  try {
    return await request<T>(method, url, body, config);
  } catch (error) {
    onFailure(error);
    throw error;
  }
}

/**
 * The main client: base path /api/v2/, JSON, 10 s timeout, bearer token when stored.
 * Built on fetch: the few features of a full client the app needs are here.
 */
export const http = {
  defaults: { baseURL: `${API_HOST}/api/v2/`, timeout: REQUEST_TIMEOUT_MS },
  get: <T = unknown>(url: string, config?: RequestConfig) => send<T>("GET", url, undefined, config),
  delete: <T = unknown>(url: string, config?: RequestConfig) => send<T>("DELETE", url, config?.data, config),
  post: <T = unknown>(url: string, data?: unknown, config?: RequestConfig) =>
    send<T>("POST", url, data, config),
  put: <T = unknown>(url: string, data?: unknown, config?: RequestConfig) =>
    send<T>("PUT", url, data, config),
  patch: <T = unknown>(url: string, data?: unknown, config?: RequestConfig) =>
    send<T>("PATCH", url, data, config),
};

/** Called on a 401, so the app can send the visitor to /login. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function onFailure(error: unknown) {
  const silent = error instanceof HttpError && error.config.silent;
  if (statusOf(error) === 401) {
    session.clear();
    // A refused token means the session is gone, whatever the screen meant to show; a refused
    // sign-in (no token sent) is not a lost session, and the sign-in page shows its own message.
    const tokenRefused = error instanceof HttpError && Boolean(error.config.headers.Authorization);
    if (tokenRefused || !silent) notify.error(authMessages.authFailed, { toastId: authMessages.authFailed });
    if (tokenRefused) onUnauthorized();
  } else if (!silent) {
    notify.error(errorMessage(error));
  }
}
