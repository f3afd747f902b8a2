import { IconDotsVertical } from "@tabler/icons-react";
import { MenuOnDemand } from "./menu-on-demand";
import type { RowAction } from "./row-action";

const loadList = () => import("./row-action-menu-list");

/** The Action column's dropdown of a list table, named after the row: "Actions for sara". */
export function RowActionMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <MenuOnDemand
      load={loadList}
      menuProps={{ actions }}
      label={`Actions for ${name}`}
      icon={<IconDotsVertical size={18} aria-hidden />}
    />
  );
}
