import { ActionIcon } from "@mantine/core";
import { IconDotsVertical } from "@tabler/icons-react";
import { PopupOnDemand } from "./popup-on-demand";
import type { RowAction } from "./row-action";

const loadList = () => import("./row-action-menu-list");

/** The Action column's dropdown of a list table, named after the row: "Actions for sara". */
export function RowActionMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <PopupOnDemand
      load={loadList}
      popupProps={{ actions }}
      button={
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
