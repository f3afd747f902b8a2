import { COUNTRY_OPTIONS } from "@visadesk/contract/consultants-constants";
import { type Control, Controller } from "react-hook-form";
import type { z } from "zod";
import { MultiSelectOnDemand } from "@/components/multi-select-on-demand";
import type { consultantFormSchema } from "./consultant-form-schema";

/** The consultant's countries: a searchable choice of the ten the product knows. */
export function CountriesField({
  control,
  label,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's submitted values (its schema's output) do not matter here.
  control: Control<z.input<typeof consultantFormSchema>, any, any>;
  label: string;
}) {
  return (
    <Controller
      name="country"
      control={control}
      render={({ field: { value, ...field }, fieldState }) => {
        // The shared rules also take a comma-separated string; this input always holds a list.
        const countries = Array.isArray(value) ? value : [];
        return (
          <MultiSelectOnDemand
            label={label}
            placeholder={countries.length ? undefined : "Select countries"}
            data={COUNTRY_OPTIONS.map((option) => ({ ...option }))}
            searchable
            clearable
            clearButtonProps={{ "aria-label": "Clear countries" }}
            nothingFoundMessage="No matching country"
            value={countries}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
