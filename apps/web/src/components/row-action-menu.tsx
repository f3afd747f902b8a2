import { ActionIcon, Menu } from "@mantine/core";
import { type Icon, IconDotsVertical } from "@tabler/icons-react";

export interface RowAction {
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Destructive (Delete): shown in red. */
  danger?: boolean;
  /** Separated from the actions above it by a line. */
  divided?: boolean;
}

/** The Action column's dropdown of a list table (spec section 2), named after the row: "Actions for sara". */
export function RowActionMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
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
