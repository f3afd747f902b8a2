import { type MultiSelectProps, Pill, PillsInput } from "@mantine/core";
import { useRef, useState } from "react";
import { usePreloadWhenIdle } from "@/lib/preload-when-idle";
import { standInProps } from "./select-on-demand";

type ManySelectModule = typeof import("./many-select");
let manySelect: ManySelectModule | undefined;
let loading: Promise<ManySelectModule> | undefined;

/** Mantine's MultiSelect with its combobox and styles (many-select.tsx): imported once, then kept. */
export const loadManySelect = () => {
  loading ??= import("./many-select").then((module) => {
    manySelect = module;
    return module;
  });
  return loading;
};

/** The loaded module, and `load` to ask for it: the component re-renders once it is there. */
export function useManySelect() {
  const [loaded, setLoaded] = useState(manySelect);
  const load = () => {
    if (!loaded) void loadManySelect().then(setLoaded, () => undefined);
  };
  return { loaded, load };
}

type Option = { value: string; label: string };

/**
 * A form's MultiSelect, put in place when it is first pressed or reached by keyboard. Mounted, a
 * MultiSelect renders its options hidden and positions them at once (several renders and a forced layout
 * in the first long task of a form). Until then a stand-in of the same look: the chosen options as pills in
 * a read-only combobox. The code downloads once the browser is idle, or when the stand-in is pointed at.
 */
export function MultiSelectOnDemand(props: MultiSelectProps & { data: Option[]; value: string[] }) {
  const { loaded, load } = useManySelect();
  // Left focused (the select takes the focus over, which opens it) when the select arrives.
  const wanted = useRef(false);
  // A press under way: the focus it gives waits for its click, or the swap would lose the press.
  const pressing = useRef(false);
  const prefetch = () => void loadManySelect().catch(() => undefined);
  usePreloadWhenIdle(loadManySelect);
  if (loaded) {
    const ManySelect = loaded.default;
    return <ManySelect focusOnMount={wanted.current} {...props} />;
  }
  const chosen = props.data.filter((option) => props.value.includes(option.value));
  const swap = () => {
    wanted.current = true;
    load();
  };
  return (
    <PillsInput
      label={props.label}
      description={props.description}
      error={props.error}
      withAsterisk={props.withAsterisk}
      w={props.w}
      {...standInProps(prefetch, pressing)}
      onClick={() => {
        pressing.current = false;
        swap();
      }}
    >
      <Pill.Group>
        {chosen.map((option) => (
          <Pill key={option.value}>{option.label}</Pill>
        ))}
        <PillsInput.Field
          readOnly
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          placeholder={chosen.length ? undefined : props.placeholder}
          onFocus={() => {
            // Reached by keyboard: the select takes the focus over. A press's focus waits for its click.
            if (!pressing.current) swap();
          }}
          onBlur={() => {
            wanted.current = false;
          }}
          onKeyDown={(event) => {
            if (["ArrowDown", "ArrowUp", "Enter", " "].includes(event.key)) {
              event.preventDefault();
              swap();
            }
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
