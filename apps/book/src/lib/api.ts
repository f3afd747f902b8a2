import type { paths } from "@visadesk/contract/generated/customer-api";
import createClient from "openapi-fetch";
import { currentLanguage } from "@/i18n/i18n";
import { accessToken } from "./access-token";

/** Where the API is: the same host unless the site is built to run on its own (VITE_API_HOST). */
export const API_HOST = (import.meta.env.VITE_API_HOST ?? "").replace(/\/$/, "");

/**
 * The customer API, typed from its own document (the generated paths): a renamed field or a wrong query
 * does not compile. Texts in its answers come in the reader's language.
 */
export const api = createClient<paths>({ baseUrl: API_HOST });
api.use({
  onRequest({ request }) {
    request.headers.set("accept-language", currentLanguage());
    const token = accessToken();
    if (token && !request.headers.has("authorization"))
      request.headers.set("authorization", `Bearer ${token}`);
    return request;
  },
});

/** An uploaded public picture's small copy (lists and cards never download originals). */
export function pictureUrl(path: string | null | undefined, size: "thumbnail" | "full" = "thumbnail") {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  const url = `${API_HOST}${path.startsWith("/") ? "" : "/"}${path}`;
  return size === "thumbnail" && /^\/?files\//.test(path) ? `${url}?size=thumbnail` : url;
}

/** The message of an API error answer, if it has one. */
export function errorMessage(error: unknown): string | undefined {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return undefined;
}
