import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { SelectOnDemand } from "@/components/select-on-demand";
import { type CustomerOption, useCustomerOptions } from "../api/get-customer-options";

interface Option {
  value: string;
  label: string;
  timeZone?: string | null | undefined;
}
const optionOf = (customer: CustomerOption): Option => {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
  return {
    value: customer.guidId,
    label: name ? `${name} (${customer.email})` : customer.email,
    timeZone: customer.timeZone,
  };
};

interface CustomerSelectProps {
  value: string;
  /** The chosen customer and their own time zone (null when they have none, or nobody is chosen). */
  onChange: (guidId: string, timeZone: string | null) => void;
  /** The appointment's current user when editing (it may be a staff member who booked for themselves). */
  current?: { guidId: string; email: string; timeZone?: string | null } | undefined;
  error?: string | undefined;
  /** Another use than booking (the list's customer filter) names the box its own way. */
  label?: string;
  description?: string | undefined;
  placeholder?: string;
}

/** Optional: the app user (customer) the appointment is for; empty = the signed-in user. */
export function CustomerSelect(props: CustomerSelectProps) {
  const [search, setSearch] = useState("");
  const [opened, setOpened] = useState(false);
  const currentOption = props.current
    ? { value: props.current.guidId, label: props.current.email, timeZone: props.current.timeZone }
    : undefined;
  const [chosen, setChosen] = useState<Option | undefined>(currentOption);
  const [debounced] = useDebouncedValue(search, 250);
  // The chosen customer's own label in the box is not a search: list everyone again.
  const term = debounced.trim() === chosen?.label ? "" : debounced.trim();
  // Loaded only once the staff member opens the list: most bookings leave it empty.
  const { data, isFetching } = useCustomerOptions(term, opened);

  // The current customer may become known after the box (a filter restored from the address).
  const shownChoice = chosen ?? (props.current?.guidId === props.value ? currentOption : undefined);
  const options = useMemo(() => {
    const list = (data ?? []).map(optionOf);
    if (shownChoice && !list.some((option) => option.value === shownChoice.value)) list.unshift(shownChoice);
    return list;
  }, [data, shownChoice]);

  return (
    <SelectOnDemand
      label={props.label ?? "Customer"}
      description={
        "description" in props ? props.description : "Optional: leave empty to book in your own name"
      }
      placeholder={props.placeholder ?? "Search app users by name or email"}
      searchable
      clearable
      value={props.value || null}
      onChange={(guidId) => {
        const option = options.find((candidate) => candidate.value === guidId);
        setChosen(option);
        props.onChange(guidId ?? "", option?.timeZone ?? null);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={isFetching ? "Searching..." : "No app users found"}
      data={options.map(({ value, label }) => ({ value, label }))}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
