import type { TooltipProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { type ComponentType, cloneElement, type ReactElement, type Ref, useCallback, useState } from "react";

type TooltipComponent = ComponentType<TooltipProps>;

/** The tooltip once loaded: every later tooltip draws at once. */
let loaded: TooltipComponent | undefined;
const loadTooltip = () =>
  import("./tooltip-host").then((module) => {
    loaded = module.Tooltip as TooltipComponent;
    return loaded;
  });

type Target = ReactElement<Record<string, unknown>>;

/**
 * Mantine's tooltip on an icon button, loaded when the button is first pointed at or reached by keyboard.
 * The tooltip is drawn beside the button (Mantine's `target`), never around it, so loading it replaces no
 * element: a press that has begun and the focus stay where they are.
 *
 * One rule decides when it shows: while the mouse is over the button or the keyboard's focus is on it, until
 * the button or Escape is pressed, and never while the popup the button opens is open (it would cover it).
 * Props a parent gives (a menu's target props and ref) pass on to the button, as with Mantine's Tooltip.
 */
export function TooltipOnDemand({
  label,
  children,
  ref,
  ...passed
}: { label: string; children: Target; ref?: Ref<HTMLElement> } & Record<string, unknown>) {
  // The button, once its tooltip is first wanted: until then the tooltip is not drawn, and attaching the
  // listeners changes no state (the button renders once on mount, not twice).
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [Tooltip, setTooltip] = useState(() => loaded);
  const [shown, setShown] = useState(false);

  const attach = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    // A button put in place of another (a popup's, once loaded) may already have the pointer or the focus.
    let pointed = element.matches(":hover");
    let focused = element.matches(":focus-visible");
    const update = () => {
      const wanted = (pointed || focused) && element.getAttribute("aria-expanded") !== "true";
      if (wanted) {
        setTarget(element);
        // Loaded once for all tooltips (the import is cached); each tooltip takes it from there.
        void loadTooltip().then(
          (component) => setTooltip(() => component),
          () => undefined,
        );
      }
      setShown(wanted);
    };
    const hide = () => {
      pointed = false;
      focused = false;
      update();
    };
    const on = {
      pointerenter: (event: PointerEvent) => {
        pointed = event.pointerType === "mouse";
        update();
      },
      pointerleave: () => {
        pointed = false;
        update();
      },
      focus: () => {
        focused = element.matches(":focus-visible");
        update();
      },
      blur: () => {
        focused = false;
        update();
      },
      // A press (by pointer, or by keyboard, which clicks) opens what the button does: the label gives way.
      pointerdown: hide,
      click: hide,
    };
    const onEscape = (event: KeyboardEvent) => event.key === "Escape" && hide();
    if (pointed || focused) update();
    for (const [type, listener] of Object.entries(on))
      element.addEventListener(type, listener as EventListener);
    document.addEventListener("keydown", onEscape);
    return () => {
      for (const [type, listener] of Object.entries(on))
        element.removeEventListener(type, listener as EventListener);
      document.removeEventListener("keydown", onEscape);
    };
  }, []);

  const merged = useMergedRef<HTMLElement>(attach, children.props.ref as Ref<HTMLElement> | undefined, ref);
  const button = cloneElement(children, { ...passed, ref: merged });
  return (
    <>
      {button}
      {Tooltip && target ? <Tooltip label={label} target={target} opened={shown} /> : null}
    </>
  );
}
