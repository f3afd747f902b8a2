// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Combobox.css";
import { Select } from "@mantine/core";
import { useMemo } from "react";
import { usePublicSettings } from "@/lib/public-settings";

/** The IANA zones this browser knows, with any zone already chosen kept even where it is missing. */
function zoneOptions(extra: (string | null | undefined)[]): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  for (const zone of extra) if (zone) zones.add(zone);
  return [...zones].sort();
}

interface TimeZoneSelectProps {
  /** The form's label of its time zone field (each form declares it). */
  label: string;
  description?: string;
  /** The chosen zone; "" shows the business zone with `showsBusinessZone`, else nothing chosen. */
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  /**
   * An empty value stands for the server's BUSINESS_TIMEZONE (it applies it then). Read here, not by the
   * form: when the settings arrive, this select renders again, not the whole form.
   */
  showsBusinessZone?: boolean;
  clearable?: boolean;
  error?: string | undefined;
}

/** A searchable select of IANA time zones ("Asia/Karachi"), the names the API takes. */
export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const { businessTimeZone } = usePublicSettings();
  const fallback = props.showsBusinessZone ? businessTimeZone : undefined;
  const data = useMemo(() => zoneOptions([props.value, fallback]), [props.value, fallback]);
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder="Search time zones, e.g. Karachi"
      searchable
      clearable={props.clearable ?? false}
      clearButtonProps={{ "aria-label": "Clear time zone" }}
      // Over 400 zones: the list shows the first matches, the search narrows it.
      limit={50}
      nothingFoundMessage="No matching time zone"
      data={data}
      value={props.value || fallback || null}
      onChange={(zone) => props.onChange(zone ?? "")}
      onBlur={props.onBlur}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
