import { InputBase, type SelectProps } from "@mantine/core";
import { IconSelector } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { usePreloadWhenIdle } from "@/lib/preload-when-idle";

type SelectHostModule = typeof import("./select-host");
let selectHost: SelectHostModule | undefined;
let loading: Promise<SelectHostModule> | undefined;
const loadSelectHost = () => {
  loading ??= import("./select-host").then((module) => {
    selectHost = module;
    return module;
  });
  return loading;
};

type Option = { value: string; label: string };

/**
 * What a select's stand-in shares with the select it stands for (its pointer and chevron), and how it meets
 * a pointer: pointed at, it fetches the select's code; pressed, it notes the press, whose focus then waits
 * for its click (a swap in the middle of a press would lose the press and the focus).
 */
export const standInProps = (prefetch: () => void, pressing: { current: boolean }) => ({
  pointer: true,
  rightSection: <IconSelector size={16} aria-hidden />,
  rightSectionPointerEvents: "none" as const,
  onPointerEnter: prefetch,
  onPointerDown: () => {
    pressing.current = true;
  },
});

/**
 * Mantine's Select, put in place when it is first pressed or reached by keyboard. Mounted, a Select renders
 * its options hidden and positions them at once: on a screen with a few selects that was a good part of its
 * first long task, and the select's code a part of its first download. Until then a stand-in of the same
 * look, read like the select: a read-only combobox showing the chosen option's label. The code downloads
 * once the browser is idle (or when the stand-in is pointed at), so the select takes its place at once.
 */
export function SelectOnDemand(props: SelectProps & { data: readonly (string | Option)[] }) {
  const [loaded, setLoaded] = useState(selectHost);
  // How the stand-in was left when the select arrived: focused (the select takes the focus) or pressed
  // (it also opens).
  const wanted = useRef({ focus: false, open: false });
  // A press under way: the focus it gives waits for its click.
  const pressing = useRef(false);
  /** The select in the stand-in's place, once its code is there. */
  const swap = () => {
    if (!loaded) void loadSelectHost().then(setLoaded, () => undefined);
  };
  /** Only the code: a swap while a press is under way would lose the press and the focus. */
  const prefetch = () => void loadSelectHost().catch(() => undefined);
  usePreloadWhenIdle(loadSelectHost);
  if (loaded) {
    const Host = loaded.default;
    return <Host focusOnMount={wanted.current.focus} openOnMount={wanted.current.open} {...props} />;
  }
  const chosen =
    props.data
      .map((option) => (typeof option === "string" ? { value: option, label: option } : option))
      .find((option) => option.value === props.value)?.label ?? "";
  return (
    <InputBase
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      label={props.label}
      description={props.description}
      error={props.error}
      withAsterisk={props.withAsterisk}
      required={props.required}
      placeholder={props.placeholder}
      value={chosen}
      w={props.w}
      {...standInProps(prefetch, pressing)}
      onFocus={() => {
        // Reached by keyboard: the select takes the focus over. A press's focus waits for its click.
        if (pressing.current) return prefetch();
        wanted.current.focus = true;
        swap();
      }}
      onBlur={() => {
        wanted.current = { focus: false, open: false };
      }}
      onClick={() => {
        pressing.current = false;
        wanted.current = { focus: true, open: true };
        swap();
      }}
      onKeyDown={(event) => {
        if (["ArrowDown", "ArrowUp", "Enter", " "].includes(event.key)) {
          event.preventDefault();
          wanted.current = { focus: true, open: true };
          swap();
        }
      }}
    />
  );
}
