import { useMemo } from "react";
import { usePublicSettings } from "@/lib/public-settings";
import { SelectOnDemand } from "./select-on-demand";

/** The IANA zones this browser knows, sorted; worked out once (over 400 of them, on every form with a zone). */
let knownZones: string[] | undefined;

/** The zones this browser knows, with any zone already chosen kept even where it is missing. */
function zoneOptions(extra: (string | null | undefined)[]): string[] {
  knownZones ??= Intl.supportedValuesOf("timeZone").sort();
  const known = knownZones;
  const missing = extra.filter((zone): zone is string => Boolean(zone) && !known.includes(zone as string));
  return missing.length === 0 ? known : [...new Set([...known, ...missing])].sort();
}

interface TimeZoneSelectProps {
  /** The form's label of its time zone field (each form declares it). */
  label: string;
  description?: string;
  /** The chosen zone; "" shows `fallback` (the business zone) or, without one, nothing chosen. */
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  /** What an empty value stands for: the server keeps or applies BUSINESS_TIMEZONE then. */
  fallback?: string | undefined;
  clearable?: boolean;
  error?: string | undefined;
}

/** A searchable select of IANA time zones ("Asia/Karachi"), the names the API takes. */
export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const { fallback } = props;
  const data = useMemo(() => zoneOptions([props.value, fallback]), [props.value, fallback]);
  return (
    <SelectOnDemand
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

/**
 * The select of a record that starts in the server's BUSINESS_TIMEZONE (sent blank, the server applies it).
 * It reads the settings itself: when they arrive, this select renders again, not the whole form.
 */
export function BusinessTimeZoneSelect(props: Omit<TimeZoneSelectProps, "fallback">) {
  const { businessTimeZone } = usePublicSettings();
  return <TimeZoneSelect {...props} fallback={businessTimeZone} />;
}
