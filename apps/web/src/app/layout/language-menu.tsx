import { IconLanguage } from "@tabler/icons-react";
import { MenuOnDemand } from "@/components/menu-on-demand";

const loadList = () => import("./header-menu-lists").then((module) => ({ default: module.LanguageMenuList }));

/** A language selector placeholder. English is the only language for now. */
export function LanguageMenu() {
  return (
    <MenuOnDemand
      load={loadList}
      menuProps={{}}
      label="Language: English"
      tooltip="Language"
      size="lg"
      icon={<IconLanguage size={20} aria-hidden />}
    />
  );
}
