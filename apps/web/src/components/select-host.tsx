// Its Mantine styles come with it: a screen loads them with its first select, not with its first paint.
import "@mantine/core/styles/Combobox.css";
import { Select, type SelectProps } from "@mantine/core";
import { useEffect, useRef } from "react";

/**
 * Mantine's Select as SelectOnDemand loads it (select-on-demand.tsx). Put in place of the stand-in that
 * had the focus it takes the focus over, and in place of one that was pressed it opens its options.
 */
export default function SelectHost({
  focusOnMount,
  openOnMount,
  ...props
}: SelectProps & { focusOnMount: boolean; openOnMount: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first mount takes the focus over
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
    if (!openOnMount) return;
    // Opened as a press opens it, once its options are in the page (their portal mounts them a render
    // later): opened before, it would not tell assistive technology that it is open, nor which list.
    const timer = setTimeout(() => input.current?.click());
    return () => clearTimeout(timer);
  }, []);
  return <Select ref={input} {...props} />;
}
