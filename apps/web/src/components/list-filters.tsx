// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import { Button, Group, MultiSelect, NativeSelect } from "@mantine/core";
import { IconFilterOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ACCOUNT_STATUSES } from "../lib/use-list-params";

/**
 * The filters above a list: a compact row of labelled controls that wraps on a narrow screen, and
 * "Clear filters" while any is set.
 */
export function FilterBar({
  filtered,
  onClear,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label="Filters">
      {children}
      {filtered ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}

/** A filter with a few fixed values; "" is every row. */
export function ChoiceFilter({
  label,
  value,
  onChange,
  anyLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  anyLabel: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  const known = options.some((option) => (typeof option === "string" ? option : option.value) === value);
  return (
    <NativeSelect
      label={label}
      // A value the list does not know (a hand-edited address) shows as "any": the list ignores it too.
      value={known ? value : ""}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: "", label: anyLabel }, ...options]}
      w={{ base: "100%", xs: 170 }}
    />
  );
}

/** Yes / No / either, sent as true / false. */
export function YesNoFilter(props: { label: string; value: string; onChange: (next: string) => void }) {
  return (
    <ChoiceFilter
      {...props}
      anyLabel="Any"
      options={[
        { value: "true", label: "Yes" },
        { value: "false", label: "No" },
      ]}
    />
  );
}

/** Several values at once, kept in the address as a comma list (a row matches any of them). */
export function ManyFilter({
  label,
  value,
  onChange,
  options,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
}) {
  const chosen = value.split(",").filter((part) => options.some((option) => option.value === part));
  return (
    <MultiSelect
      label={label}
      value={chosen}
      onChange={(next) => onChange(next.join(","))}
      data={options as { value: string; label: string }[]}
      placeholder={chosen.length ? undefined : placeholder}
      clearable
      searchable
      w={{ base: "100%", xs: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** An account's registration state; without one the list shows every account but the rejected ones. */
export function AccountStatusFilter(props: { value: string; onChange: (status: string) => void }) {
  return (
    <ChoiceFilter
      label="Status"
      anyLabel="All but rejected"
      options={ACCOUNT_STATUSES.map((status) => ({
        value: status,
        label: status[0]?.toUpperCase() + status.slice(1),
      }))}
      {...props}
    />
  );
}
