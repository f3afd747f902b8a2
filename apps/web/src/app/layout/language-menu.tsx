import { ActionIcon } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { PopupOnDemand } from "@/components/popup-on-demand";

const loadList = () => import("./header-menu-lists").then((module) => ({ default: module.LanguageMenuList }));

/** A language selector placeholder. English is the only language for now. */
export function LanguageMenu() {
  return (
    <PopupOnDemand
      load={loadList}
      popupProps={{}}
      tooltip="Language"
      button={
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Language: English">
          <IconLanguage size={20} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
