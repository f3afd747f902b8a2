import { Alert, Drawer, List, Stack, Tabs, Text, ThemeIcon } from "@mantine/core";
import { IconAlertCircle, IconBell, IconMessage, IconNotes } from "@tabler/icons-react";
import { sampleAlerts, sampleChats, sampleNotes } from "./sample-content";

export type SidePanelTab = "chat" | "alerts" | "notes";

interface SidePanelProps {
  opened: boolean;
  tab: SidePanelTab;
  onTabChange: (tab: SidePanelTab) => void;
  onClose: () => void;
}

/** Spec section 2: the right-side panel with Chat, Alerts and Notes tabs, static sample text only. */
export function SidePanel({ opened, tab, onTabChange, onClose }: SidePanelProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title="Side panel"
      closeButtonProps={{ "aria-label": "Close side panel" }}
    >
      <Tabs value={tab} onChange={(value) => onTabChange((value as SidePanelTab) ?? "chat")}>
        <Tabs.List grow>
          <Tabs.Tab value="chat" leftSection={<IconMessage size={16} aria-hidden />}>
            Chat
          </Tabs.Tab>
          <Tabs.Tab value="alerts" leftSection={<IconBell size={16} aria-hidden />}>
            Alerts
          </Tabs.Tab>
          <Tabs.Tab value="notes" leftSection={<IconNotes size={16} aria-hidden />}>
            Notes
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chat" pt="md">
          <Stack gap="sm">
            {sampleChats.map((chat) => (
              <div key={chat.id}>
                <Text size="sm" fw={600}>
                  {chat.from}
                </Text>
                <Text size="sm">{chat.text}</Text>
              </div>
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="alerts" pt="md">
          <Stack gap="sm">
            {sampleAlerts.map((alert) => (
              <Alert key={alert.id} color={alert.color} icon={<IconAlertCircle size={16} aria-hidden />}>
                <Text size="sm" c="dark.8">
                  {alert.text}
                </Text>
              </Alert>
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <List spacing="sm" size="sm">
            {sampleNotes.map((note) => (
              <List.Item
                key={note}
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                    <IconNotes size={12} />
                  </ThemeIcon>
                }
              >
                {note}
              </List.Item>
            ))}
          </List>
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
