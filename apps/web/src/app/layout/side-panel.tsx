import { Alert, Drawer, Stack, Tabs, Text } from "@mantine/core";
import { IconAlertCircle, IconBell, IconMessage, IconNotes } from "@tabler/icons-react";
import type { NoteEntity } from "@visadesk/contract/notes";
import { matchPath, useLocation } from "react-router";
import { RecordNotes } from "../../components/record-history/record-history";
import { routePatterns } from "../../lib/paths";
import { sampleAlerts, sampleChats } from "./sample-content";

export type SidePanelTab = "chat" | "alerts" | "notes";

interface SidePanelProps {
  opened: boolean;
  tab: SidePanelTab;
  onTabChange: (tab: SidePanelTab) => void;
  onClose: () => void;
}

/** The record the screen shows, by its route: a consultant's or an app user's edit page. */
function useRecordOnScreen(): { entity: NoteEntity; entityId: string } | null {
  const { pathname } = useLocation();
  const consultant = matchPath(routePatterns.consultants.edit, pathname);
  if (consultant?.params.guidId) return { entity: "consultant", entityId: consultant.params.guidId };
  const appUser = matchPath(routePatterns.appUsers.edit, pathname);
  if (appUser?.params.guidId) return { entity: "user", entityId: appUser.params.guidId };
  return null;
}

/** The Notes tab: the notes of the record on screen, or a word on how to see some. */
function NotesTab() {
  const record = useRecordOnScreen();
  if (!record) {
    return (
      <Text size="sm" c="dimmed">
        Open a record to see its notes
      </Text>
    );
  }
  return <RecordNotes key={`${record.entity}-${record.entityId}`} {...record} />;
}

/** Spec section 2: the right-side panel with Chat, Alerts and Notes tabs; Notes are the record on screen's. */
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
          <NotesTab />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
