import { COUNTRY_OPTIONS } from "@visadesk/contract/consultants-constants";

const labels = new Map<string, string>(COUNTRY_OPTIONS.map((option) => [option.value, option.label]));

/** "canada,uk" -> "Canada, UK"; values outside the ten options show as stored. */
export const countryNames = (country: string | null | undefined): string =>
  (country ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => labels.get(value.toLowerCase()) ?? value)
    .join(", ");

export const countOf = (list: string | null | undefined): number =>
  (list ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean).length;
