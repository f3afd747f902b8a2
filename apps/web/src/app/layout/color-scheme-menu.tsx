import { ActionIcon, type MantineColorScheme, Menu, Tooltip, useMantineColorScheme } from "@mantine/core";
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "Follow the system" },
];

const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

/** The header's colour scheme switch: light, dark, or whatever the system says. */
export function ColorSchemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = CHOICES.find((choice) => choice.value === colorScheme) ?? CHOICES[2];
  const Icon = ICONS[colorScheme];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Colour scheme">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Colour scheme: ${current?.label}`}>
            <Icon size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        {CHOICES.map((choice) => (
          <Menu.Item
            key={choice.value}
            aria-current={choice.value === colorScheme ? "true" : undefined}
            leftSection={
              choice.value === colorScheme ? (
                <IconCheck size={14} aria-hidden />
              ) : (
                <span style={{ width: 14 }} />
              )
            }
            onClick={() => setColorScheme(choice.value)}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
