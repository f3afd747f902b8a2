import { Drawer, Stack, Tabs, Text } from "@mantine/core";
import { IconBell, IconMessage, IconNotes } from "@tabler/icons-react";
import type { NoteEntity } from "@visadesk/contract/notes";
import { matchPath, useLocation } from "react-router";
import { RecordNotes } from "@/components/record-history/record-history";
import { useNotifications } from "@/features/notifications/api/notifications";
import { NotificationList } from "@/features/notifications/components/notification-list";
import { routePatterns } from "@/lib/paths";
import { type SidePanelTab, useShownRecord } from "@/lib/record-on-screen";

export type { SidePanelTab };

interface SidePanelProps {
  opened: boolean;
  tab: SidePanelTab;
  onTabChange: (tab: SidePanelTab) => void;
  onClose: () => void;
}

/** The record the screen shows (a consultant's or an app user's page); null elsewhere. */
export function recordOnScreen(pathname: string): { entity: NoteEntity; entityId: string } | null {
  const patterns: Array<[string, NoteEntity]> = [
    [routePatterns.consultants.edit, "consultant"],
    [routePatterns.consultants.delete, "consultant"],
    [routePatterns.consultants.timings, "consultant"],
    [routePatterns.consultants.addresses, "consultant"],
    [routePatterns.appUsers.edit, "user"],
  ];
  for (const [pattern, entity] of patterns) {
    const match = matchPath(pattern, pathname);
    const entityId = match?.params.guidId ?? match?.params.consultantId;
    if (entityId) return { entity, entityId };
  }
  return null;
}

/** The record on screen: one shown over the page (an appointment's details), else the page's own. */
function useRecordOnScreen() {
  const shown = useShownRecord();
  const { pathname } = useLocation();
  return shown ?? recordOnScreen(pathname);
}

/** How many of the person's latest alerts the panel lists when no record is on screen. */
const LATEST_ALERTS = 5;

/**
 * The Alerts tab: the signed-in person's notifications about the record on screen; with no record on screen,
 * their latest ones, so the panel always opens on something real.
 */
function RecordAlerts({ onClose }: { onClose: () => void }) {
  const record = useRecordOnScreen();
  const notifications = useNotifications();
  const all = notifications.data?.data ?? [];
  const items = record
    ? all.filter((item) => item.link.records.some((linked) => linked.entityId === record.entityId))
    : all.slice(0, LATEST_ALERTS);
  if (notifications.isSuccess && items.length === 0) {
    return <Text size="sm">{record ? "No alerts about this record." : "No alerts yet."}</Text>;
  }
  return (
    <NotificationList
      items={items}
      label={record ? "Alerts about this record" : "Your latest alerts"}
      onOpened={onClose}
    />
  );
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

/**
 * The right-side panel with Chat, Alerts and Notes tabs. Alerts are the notifications about
 * the record on screen (a page's, or an open appointment's), else the latest ones, and Notes its notes; chat
 * does not exist yet and says so, so nothing opens the panel on it.
 */
export function SidePanel({ opened, tab, onTabChange, onClose }: SidePanelProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      // Above a dialog that opened it (an appointment's details).
      zIndex={300}
      title="Side panel"
      closeButtonProps={{ "aria-label": "Close side panel" }}
    >
      <Tabs value={tab} onChange={(value) => onTabChange((value as SidePanelTab) ?? "alerts")}>
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
          <Stack gap="xs" align="center" py="lg">
            <IconMessage size={32} aria-hidden />
            <Text fw={600}>Coming soon</Text>
            <Text size="sm" ta="center">
              Chat with your colleagues is not available yet.
            </Text>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="alerts" pt="md">
          {tab === "alerts" && <RecordAlerts onClose={onClose} />}
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesTab />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
