import { generalMessages } from "@visadesk/contract/general-constants";

/** One call's settings: the few the app uses of what an HTTP client offers. */
export interface RequestConfig {
  /** Put before a relative path; an absolute address is used as it is. */
  baseURL?: string;
  /** The query string; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** The body of a DELETE (other methods take it as their second argument). */
  data?: unknown;
  /** Milliseconds before the call gives up with "timeout exceeded". */
  timeout?: number;
  /** "blob" for a file; otherwise a JSON answer is parsed (any other text is kept as it is). */
  responseType?: "json" | "blob";
  /** Skip the global error toast: the caller shows its own message (many screens have their own). */
  silent?: boolean;
}

/** The settings a call was made with, as its error reports them (headers as sent, token included). */
export interface SentConfig extends RequestConfig {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * A failed call: an answer outside 2xx ("Request failed with status code N", with the answer under
 * `response`), a timeout ("timeout exceeded") or no answer at all ("Network Error"): the transport's texts,
 * word for word.
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    message: string,
    readonly code: string,
    readonly config: SentConfig,
    readonly response?: { status: number; data: unknown; headers: Headers },
  ) {
    super(message);
  }
}

/** Toast text in the spec's order: response message, response error, the error's own message, fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
    if (typeof data?.message === "string" && data.message) return data.message;
    if (typeof data?.error === "string" && data.error) return data.error;
  }
  if (error instanceof Error && error.message) return error.message;
  return generalMessages.fallback;
}

/** The field errors of a 400 answer, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof HttpError) {
    const data = error.response?.data as { fieldErrors?: Record<string, string> } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof HttpError ? error.response?.status : undefined;
