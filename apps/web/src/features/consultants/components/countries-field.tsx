import { COUNTRY_OPTIONS, LANGUAGE_OPTIONS } from "@visadesk/contract/consultants-constants";
import { type Control, Controller } from "react-hook-form";
import type { z } from "zod";
import { MultiSelectOnDemand } from "@/components/multi-select-on-demand";
import type { consultantFormSchema } from "./consultant-form-schema";

// biome-ignore lint/suspicious/noExplicitAny: the form's submitted values (its schema's output) do not matter here.
type FormControl = Control<z.input<typeof consultantFormSchema>, any, any>;

/** A field holding a list of known values (a "countries" or "languages" input): a searchable choice. */
function ChoicesField({
  control,
  name,
  label,
  options,
  words,
}: {
  control: FormControl;
  name: "country" | "languagesSpoken";
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Its placeholder, its clear button's name and what it says when nothing matches. */
  words: { placeholder: string; clear: string; nothingFound: string };
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { value, ...field }, fieldState }) => {
        // The shared rules also take a comma-separated string; this input always holds a list.
        const chosen = Array.isArray(value) ? value : [];
        return (
          <MultiSelectOnDemand
            label={label}
            placeholder={chosen.length ? undefined : words.placeholder}
            data={options.map((option) => ({ value: option.value, label: option.label }))}
            searchable
            clearable
            clearButtonProps={{ "aria-label": words.clear }}
            nothingFoundMessage={words.nothingFound}
            value={chosen}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}

/** The consultant's countries: a searchable choice of the ten the product knows. */
export function CountriesField({ control, label }: { control: FormControl; label: string }) {
  return (
    <ChoicesField
      control={control}
      name="country"
      label={label}
      options={COUNTRY_OPTIONS}
      words={{
        placeholder: "Select countries",
        clear: "Clear countries",
        nothingFound: "No matching country",
      }}
    />
  );
}

/** The languages the consultant speaks with customers: a searchable choice of the product's list. */
export function LanguagesField({ control, label }: { control: FormControl; label: string }) {
  return (
    <ChoicesField
      control={control}
      name="languagesSpoken"
      label={label}
      options={LANGUAGE_OPTIONS}
      words={{
        placeholder: "Select languages",
        clear: "Clear languages",
        nothingFound: "No matching language",
      }}
    />
  );
}
