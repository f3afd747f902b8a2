import { ActionIcon, type MantineSize, Tooltip } from "@mantine/core";
import {
  type ComponentType,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";

/** What a lazily loaded menu gets: its button, to put in Menu.Target. */
export interface MenuTargetProps {
  target: ReactElement;
}
type MenuModule<P> = { default: ComponentType<P & MenuTargetProps> };

/** Each menu's module once loaded, by its loader: the next button of the same menu draws it at once. */
const loaded = new Map<unknown, ComponentType<never>>();

/**
 * An icon button whose menu (Mantine's Menu, with its items) loads when the button is first pointed at,
 * reached or pressed: every row of a list and the header draw such buttons, few visits open them. Until
 * then the button is the same one, named the same; pressed, the menu opens as soon as it has arrived, and
 * a button that had the focus keeps it.
 */
export function MenuOnDemand<P extends object>({
  load,
  menuProps,
  label,
  tooltip,
  icon,
  size,
}: {
  load: () => Promise<MenuModule<P>>;
  menuProps: P;
  label: string;
  tooltip?: string;
  icon: ReactNode;
  size?: MantineSize;
}) {
  const [Menu, setMenu] = useState(() => loaded.get(load) as ComponentType<P & MenuTargetProps> | undefined);
  const wanted = useRef<"focus" | "open" | null>(null);
  const id = useId();
  // Pointing at the button only fetches the menu: swapping the button under a press that has begun would
  // lose the press. Reaching it by keyboard or pressing it puts the menu in place.
  const fetchMenu = () => {
    if (Menu) return;
    void load().then(
      (module) => {
        loaded.set(load, module.default as ComponentType<never>);
        if (wanted.current) setMenu(() => module.default);
      },
      () => undefined,
    );
  };
  // The menu's own button takes the place of this one: the focus moves with it, and a press is passed on
  // (the menu then opens, and gives the focus back to its button on closing, as it always does).
  useEffect(() => {
    if (!Menu || !wanted.current) return;
    // By a data attribute: the menu gives its button an id of its own (for aria-controls).
    const own = document.querySelector<HTMLElement>(`[data-menu-button="${CSS.escape(id)}"]`);
    own?.focus();
    if (wanted.current === "open") own?.click();
    wanted.current = null;
  }, [Menu, id]);

  const button = (extra: Record<string, unknown>) => {
    const action = (
      <ActionIcon
        data-menu-button={id}
        variant="subtle"
        color="gray"
        size={size}
        aria-label={label}
        {...extra}
      >
        {icon}
      </ActionIcon>
    );
    return tooltip ? <Tooltip label={tooltip}>{action}</Tooltip> : action;
  };
  if (Menu) return <Menu {...menuProps} target={button({})} />;
  return button({
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: fetchMenu,
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      if (!event.currentTarget.matches(":focus-visible")) return;
      wanted.current ??= "focus";
      fetchMenu();
    },
    onBlur: () => {
      if (wanted.current === "focus") wanted.current = null;
    },
    onClick: () => {
      wanted.current = "open";
      fetchMenu();
    },
  });
}
