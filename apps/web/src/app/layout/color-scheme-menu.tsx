import { useMantineColorScheme } from "@mantine/core";
import { IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { MenuOnDemand } from "@/components/menu-on-demand";

const LABELS = { light: "Light", dark: "Dark", auto: "Follow the system" } as const;
const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

const loadList = () =>
  import("./header-menu-lists").then((module) => ({ default: module.ColorSchemeMenuList }));

/** The header's colour scheme switch: light, dark, or whatever the system says. */
export function ColorSchemeMenu() {
  const { colorScheme } = useMantineColorScheme();
  const Icon = ICONS[colorScheme];
  return (
    <MenuOnDemand
      load={loadList}
      menuProps={{}}
      label={`Colour scheme: ${LABELS[colorScheme]}`}
      tooltip="Colour scheme"
      size="lg"
      icon={<Icon size={20} aria-hidden />}
    />
  );
}
