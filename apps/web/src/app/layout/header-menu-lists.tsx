// Its Mantine styles come with it: the first paint of a screen draws no open menu.
import "@mantine/core/styles/Menu.css";
import { type MantineColorScheme, Menu, useMantineColorScheme } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { PopupTargetProps } from "@/components/popup-on-demand";

// The header menus' lists, loaded when their button is first pointed at, reached or pressed.

/** A language selector placeholder. English is the only language for now. */
export function LanguageMenuList({ target }: PopupTargetProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Language</Menu.Label>
        <Menu.Item leftSection={<IconCheck size={14} aria-hidden />} aria-current="true">
          English
        </Menu.Item>
        <Menu.Item disabled>More languages coming soon</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const COLOR_SCHEME_CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "Follow the system" },
];

/** Light, dark, or whatever the system says. */
export function ColorSchemeMenuList({ target }: PopupTargetProps) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        {COLOR_SCHEME_CHOICES.map((choice) => (
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
