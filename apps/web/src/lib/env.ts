/** Build-time settings of the web app (the API host {host} of the spec, the footer's company). */
export const API_HOST = (import.meta.env.VITE_API_HOST ?? "").replace(/\/$/, "");
export const COMPANY_NAME = import.meta.env.VITE_COMPANY_NAME ?? "VisaDesk";
export const COMPANY_URL = import.meta.env.VITE_COMPANY_URL ?? "https://example.com";

/** Image paths arrive relative; the spec prefixes them with the admin host. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${API_HOST}${path.startsWith("/") ? "" : "/"}${path}`;
}

/**
 * The small copy of an uploaded public picture (profile picture, logo), for lists and cards: a list never
 * downloads originals. Other addresses (a local preview, an outside link) are used as they are.
 */
export function thumbnailUrl(path: string | null | undefined): string | undefined {
  const url = assetUrl(path);
  if (!url || !path || !/^\/?files\//.test(path)) return url;
  return `${url}?size=thumbnail`;
}
