import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { searchEndpoints } from "@visadesk/contract/search-endpoints";
import type { TaskEntity } from "@visadesk/contract/tasks";
import { useState } from "react";
import { call } from "@/lib/api-client";

export interface RecordLink {
  entity: TaskEntity;
  entityId: string;
}

/** "consultant:<guid>" and back: a Select's value names the kind of record and its guid. */
const optionValue = (link: RecordLink) => `${link.entity}:${link.entityId}`;
const linkOf = (value: string): RecordLink | null => {
  const [entity, entityId] = value.split(":");
  return entity && entityId ? { entity: entity as TaskEntity, entityId } : null;
};

/** What a linked record is called before its name is known (a task opened for editing names only its guid). */
const LINKED: Record<TaskEntity, string> = {
  consultant: "The linked consultant",
  user: "The linked app user",
  appointment: "The linked appointment",
};

/**
 * Optional: the consultant, app user or appointment a task is about, found as the header's global search
 * finds them (type at least two characters).
 */
export function RecordPicker({
  value,
  onChange,
  error,
}: {
  value: RecordLink | null;
  onChange: (link: RecordLink | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ["task-link-search", term],
    enabled: term.length >= 2,
    queryFn: () => call(searchEndpoints.everywhere, { query: { q: term, limit: 5 } }, { silent: true }),
  });
  const [labels, setLabels] = useState<Record<string, string>>({});
  const groups = found.data
    ? [
        {
          group: "Consultants",
          items: found.data.consultants.data.map((c) => ({
            value: optionValue({ entity: "consultant", entityId: c.guidId }),
            label: `${c.name} (${c.businessName})`,
          })),
        },
        {
          group: "App users",
          items: found.data.appUsers.data.map((u) => ({
            value: optionValue({ entity: "user", entityId: u.guidId }),
            label: `${[u.firstName, u.lastName].filter(Boolean).join(" ") || u.userName} (${u.email})`,
          })),
        },
        {
          group: "Appointments",
          items: found.data.appointments.data.map((a) => ({
            value: optionValue({ entity: "appointment", entityId: a.guidId }),
            label: `${a.appointmentDate} ${a.appointmentTime.slice(0, 5)}, ${a.userEmail ?? "customer"} with ${a.consultantName ?? "consultant"}`,
          })),
        },
      ].filter((group) => group.items.length > 0)
    : [];
  // The chosen record stays an option (with its label) after the search moves on.
  const current = value ? optionValue(value) : null;
  const known = groups.some((group) => group.items.some((item) => item.value === current));
  const data =
    current && value && !known
      ? [
          { group: "Chosen", items: [{ value: current, label: labels[current] ?? LINKED[value.entity] }] },
          ...groups,
        ]
      : groups;

  return (
    <Select
      label="About (optional)"
      description="A consultant, an app user or an appointment"
      placeholder="Search by name, email or phone"
      searchable
      clearable
      data={data}
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={
        term.length >= 2 && found.isSuccess ? "Nothing found" : "Type at least two characters"
      }
      error={error}
      onChange={(next, option) => {
        if (next && option) setLabels((all) => ({ ...all, [next]: option.label }));
        onChange(next ? linkOf(next) : null);
      }}
    />
  );
}
