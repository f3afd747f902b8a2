// Its Mantine styles come with it: the first paint of a screen draws no open menu.
import "@mantine/core/styles/Menu.css";
import { Menu } from "@mantine/core";
import type { PopupTargetProps } from "./popup-on-demand";
import type { RowAction } from "./row-action";

/** RowActionMenu's menu, loaded when its button is first pointed at, reached or pressed. */
export default function RowActionMenuList({ actions, target }: { actions: RowAction[] } & PopupTargetProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {actions.map(({ label, icon: ItemIcon, onClick, danger, divided }) => [
          divided && <Menu.Divider key={`${label}-divider`} />,
          <Menu.Item
            key={label}
            color={danger ? "red.9" : undefined}
            leftSection={<ItemIcon size={16} aria-hidden />}
            onClick={onClick}
          >
            {label}
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
