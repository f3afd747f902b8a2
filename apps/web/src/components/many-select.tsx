// Its Mantine styles come with it: the lists load them with the select, not with their first paint.
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import { MultiSelect, type MultiSelectProps } from "@mantine/core";
import { useEffect, useRef } from "react";

/**
 * The select of ManyFilter, loaded when the filter is first reached (list-filters.tsx). Put in place of
 * the stand-in that had the focus, it takes the focus over, which opens its options as a focus on the
 * select always does.
 */
export default function ManySelect({ focusOnMount, ...props }: MultiSelectProps & { focusOnMount: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first mount takes the focus over
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, []);
  return <MultiSelect ref={input} {...props} />;
}
