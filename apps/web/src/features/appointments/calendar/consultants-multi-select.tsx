// Its stand-in's Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import { useDebouncedValue } from "@mantine/hooks";
import { CALENDAR_MAX_CONSULTANTS } from "@visadesk/contract/calendar";
import { useMemo, useState } from "react";
import { MultiSelectOnDemand } from "@/components/multi-select-on-demand";
import { type ConsultantOption, useConsultantOptions } from "../api/get-consultant-options";

interface ConsultantsMultiSelectProps {
  /** The consultants chosen, named. */
  value: ConsultantOption[];
  onChange: (consultants: ConsultantOption[]) => void;
}

/** The calendar's consultants, searched on the server (query key "consultants"), up to ten at once. */
export function ConsultantsMultiSelect({ value, onChange }: ConsultantsMultiSelectProps) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const { data, isFetching } = useConsultantOptions(debounced.trim());
  const [named, setNamed] = useState<ConsultantOption[]>([]);

  // The chosen ones stay listed (and named) whatever the search shows.
  const options = useMemo(() => {
    const list = [...(data ?? [])];
    for (const chosen of value) {
      const known = named.find((consultant) => consultant.guidId === chosen.guidId) ?? chosen;
      const at = list.findIndex((consultant) => consultant.guidId === chosen.guidId);
      if (at === -1) list.unshift(known);
    }
    return list;
  }, [data, value, named]);

  return (
    <MultiSelectOnDemand
      label="Consultants"
      placeholder={value.length === 0 ? "Choose consultants" : undefined}
      searchable
      clearable
      maxValues={CALENDAR_MAX_CONSULTANTS}
      value={value.map((consultant) => consultant.guidId)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search; show its answer as it is.
      filter={({ options: shown }) => shown}
      nothingFoundMessage={isFetching ? "Searching..." : "No consultants found"}
      data={options.map((consultant) => ({ value: consultant.guidId, label: consultant.name }))}
      onChange={(guidIds) => {
        const chosen = guidIds
          .map((guidId) => options.find((consultant) => consultant.guidId === guidId))
          .filter((consultant) => consultant !== undefined);
        setNamed(chosen);
        onChange(chosen);
      }}
      comboboxProps={{ withinPortal: true }}
      w={{ base: "100%", sm: 420 }}
    />
  );
}
