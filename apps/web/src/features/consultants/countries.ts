import { COUNTRY_OPTIONS, LANGUAGE_OPTIONS } from "@visadesk/contract/consultants-constants";

/** A stored comma list by its options' labels; a value outside the options shows as stored. */
const namesOf =
  (options: ReadonlyArray<{ value: string; label: string }>) =>
  (list: string | null | undefined): string => {
    const labels = new Map<string, string>(options.map((option) => [option.value, option.label]));
    return (list ?? "")
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => labels.get(value.toLowerCase()) ?? value)
      .join(", ");
  };

/** "canada,uk" -> "Canada, UK". */
export const countryNames = namesOf(COUNTRY_OPTIONS);
/** "urdu,english" -> "Urdu, English". */
export const languageNames = namesOf(LANGUAGE_OPTIONS);

export const countOf = (list: string | null | undefined): number =>
  (list ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean).length;
