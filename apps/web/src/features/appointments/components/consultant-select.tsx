import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { SelectOnDemand } from "@/components/select-on-demand";
import { type ConsultantOption, useConsultantOptions } from "../api/get-consultant-options";

interface ConsultantSelectProps {
  label: string;
  value: string | null;
  onChange: (guidId: string | null, consultant: ConsultantOption | undefined) => void;
  /** The consultant already chosen, so it shows even when the first page of results misses it. */
  current?: ConsultantOption | undefined;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  clearable?: boolean;
  onBlur?: () => void;
}

/** A searchable consultant select; the search runs on the server (query key "consultants"). */
export function ConsultantSelect(props: ConsultantSelectProps) {
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<ConsultantOption | undefined>(props.current);
  const [debounced] = useDebouncedValue(search, 250);
  // The chosen consultant's own name in the box is not a search: list everyone again.
  const term = debounced.trim() === (chosen?.name ?? props.current?.name) ? "" : debounced.trim();
  const { data, isFetching } = useConsultantOptions(term);

  const consultants = useMemo(() => {
    const list = [...(data ?? [])];
    for (const known of [chosen, props.current]) {
      if (known && !list.some((c) => c.guidId === known.guidId)) list.unshift(known);
    }
    return list;
  }, [data, chosen, props.current]);

  return (
    <SelectOnDemand
      label={props.label}
      placeholder={props.placeholder ?? "Select a consultant"}
      searchable
      clearable={props.clearable ?? false}
      required={props.required ?? false}
      value={props.value}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={props.onBlur}
      // The server already filtered by the search; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={isFetching ? "Searching..." : "No consultants found"}
      data={consultants.map((c) => ({ value: c.guidId, label: c.name }))}
      onChange={(guidId) => {
        const consultant = consultants.find((c) => c.guidId === guidId);
        setChosen(consultant);
        props.onChange(guidId, consultant);
      }}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
