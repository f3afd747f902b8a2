import { ActionIcon, Menu, Tooltip } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";

/** Spec section 2: a language selector placeholder. English is the only language for now. */
export function LanguageMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Language">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Language: English">
            <IconLanguage size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
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
