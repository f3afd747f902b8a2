import { Button, Group, Input, InputBase, NativeSelect } from "@mantine/core";
import { IconFilterOff, IconSelector } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useManySelect } from "./multi-select-on-demand";

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
  // Its select (Mantine's MultiSelect with its combobox, pills and styles, a fair part of a list's first
  // download) loads when the filter is first pointed at, reached or set, not with the list.
  const { loaded, load } = useManySelect();
  // Whether the stand-in had the focus (or was pressed) when the select arrived: the select then takes it.
  const wanted = useRef(false);
  const isSet = chosen.length > 0;
  // A filter already set (an address with it, Back) shows its choices in the select itself at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load only reads state that this effect waits for
  useEffect(() => {
    if (isSet) load();
  }, [isSet]);
  const size = { w: { base: "100%", xs: 260 } } as const;
  if (loaded) {
    const ManySelect = loaded.default;
    return (
      <ManySelect
        focusOnMount={wanted.current}
        label={label}
        value={chosen}
        onChange={(next) => onChange(next.join(","))}
        data={options as { value: string; label: string }[]}
        placeholder={chosen.length ? undefined : placeholder}
        clearable
        searchable
        {...size}
        // The stand-in's placeholder is text, held to the contrast of text: the select's matches it.
        styles={{ wrapper: { "--input-placeholder-color": "var(--mantine-color-dimmed)" } }}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const names = options.filter((option) => chosen.includes(option.value)).map((option) => option.label);
  // Until then a stand-in of the same size and look, reached and named like the select.
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      label={label}
      aria-haspopup="listbox"
      rightSection={<IconSelector size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      onPointerEnter={load}
      onFocus={() => {
        wanted.current = true;
        load();
      }}
      onBlur={() => {
        wanted.current = false;
      }}
      onClick={() => {
        wanted.current = true;
        load();
      }}
      {...size}
    >
      {names.length ? names.join(", ") : <Input.Placeholder c="dimmed">{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}
