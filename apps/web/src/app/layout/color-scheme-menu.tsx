import { ActionIcon, useMantineColorScheme } from "@mantine/core";
import { IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { PopupOnDemand } from "@/components/popup-on-demand";

const LABELS = { light: "Light", dark: "Dark", auto: "Follow the system" } as const;
const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

const loadList = () =>
  import("./header-menu-lists").then((module) => ({ default: module.ColorSchemeMenuList }));

/** The header's colour scheme switch: light, dark, or whatever the system says. */
export function ColorSchemeMenu() {
  const { colorScheme } = useMantineColorScheme();
  const Icon = ICONS[colorScheme];
  return (
    <PopupOnDemand
      load={loadList}
      popupProps={{}}
      tooltip="Colour scheme"
      button={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Colour scheme: ${LABELS[colorScheme]}`}
        >
          <Icon size={20} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
