import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type ReactElement,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { TooltipOnDemand } from "./tooltip-on-demand";

/** What a lazily loaded menu or popover gets: its button, to put in Menu.Target or Popover.Target. */
export interface PopupTargetProps {
  target: ReactElement<Record<string, unknown>>;
}
type PopupModule<P> = { default: ComponentType<P & PopupTargetProps> };

/** Each popup's module once loaded, by its loader: the next button of the same popup draws it at once. */
const loaded = new Map<unknown, ComponentType<never>>();

/**
 * A button whose popup (Mantine's Menu with its items, or a Popover with its content) loads when the button
 * is first pointed at, reached or pressed: every row of a list and the header draw such buttons, few visits
 * open them. Until then the button is the same one, named the same; pressed, the popup opens as soon as it
 * has arrived, and a button that had the focus keeps it.
 */
export function PopupOnDemand<P extends object>({
  load,
  popupProps,
  popup = "menu",
  tooltip,
  button: ownButton,
}: {
  load: () => Promise<PopupModule<P>>;
  popupProps: P;
  /** What the button opens, for assistive technology: a menu of commands or a dialog to read. */
  popup?: "menu" | "dialog";
  tooltip?: string;
  /** The button, with its accessible name; the popup adds what opens it. */
  button: ReactElement<Record<string, unknown>>;
}) {
  const [Popup, setPopup] = useState(
    () => loaded.get(load) as ComponentType<P & PopupTargetProps> | undefined,
  );
  const wanted = useRef<"focus" | "open" | null>(null);
  const id = useId();
  // Pointing at the button only fetches the popup: swapping the button under a press that has begun would
  // lose the press. Reaching it by keyboard or pressing it puts the popup in place.
  const fetchPopup = () => {
    if (Popup) return;
    void load().then(
      (module) => {
        loaded.set(load, module.default as ComponentType<never>);
        if (wanted.current) setPopup(() => module.default);
      },
      () => undefined,
    );
  };
  // The popup's own button takes the place of this one: the focus moves with it, and a press is passed on
  // (the popup then opens, and gives the focus back to its button on closing, as it always does).
  useEffect(() => {
    if (!Popup || !wanted.current) return;
    // By a data attribute: the popup gives its button an id of its own (for aria-controls).
    const own = document.querySelector<HTMLElement>(`[data-popup-button="${CSS.escape(id)}"]`);
    own?.focus();
    if (wanted.current === "open") own?.click();
    wanted.current = null;
  }, [Popup, id]);

  const button = (extra: Record<string, unknown>) => {
    const action = cloneElement(ownButton, { "data-popup-button": id, ...extra });
    return tooltip ? <TooltipOnDemand label={tooltip}>{action}</TooltipOnDemand> : action;
  };
  if (Popup) return <Popup {...popupProps} target={button({})} />;
  return button({
    "aria-haspopup": popup,
    "aria-expanded": false,
    onPointerEnter: fetchPopup,
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      if (!event.currentTarget.matches(":focus-visible")) return;
      wanted.current ??= "focus";
      fetchPopup();
    },
    onBlur: () => {
      if (wanted.current === "focus") wanted.current = null;
    },
    onClick: () => {
      wanted.current = "open";
      fetchPopup();
    },
  });
}
