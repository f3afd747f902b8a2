import { useDocumentTitle } from "@mantine/hooks";

export const PRODUCT_NAME = "VisaDesk";

/** A page's title from its parts, most specific first: "Edit consultant — Felicita Wyman — VisaDesk". */
export function pageTitle(...parts: (string | null | undefined)[]) {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), PRODUCT_NAME].join(" — ");
}

/** Gives the browser tab (and its history entry) the page's own title. */
export function usePageTitle(...parts: (string | null | undefined)[]) {
  useDocumentTitle(pageTitle(...parts));
}
