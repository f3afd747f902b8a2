import { Button, Group, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCalendarPlus,
  IconChecklist,
  IconMailOff,
  IconUserPlus,
} from "@tabler/icons-react";
import type { Notification, NotificationKind } from "@visadesk/contract/notifications";
import { formatInstant } from "@/lib/date-time";
import { usePublicSettings } from "@/lib/public-settings";
import { relativeTimeOf } from "@/lib/relative-time";

const ICONS: Record<NotificationKind, typeof IconUserPlus> = {
  registration: IconUserPlus,
  "customer-booking": IconCalendarPlus,
  "appointment-unconfirmed": IconCalendarEvent,
  "reminder-failed": IconMailOff,
  "task-assigned": IconChecklist,
  "task-due": IconAlertTriangle,
};

/**
 * One notification: its title opens the screen that deals with it (and marks it read); unread ones are
 * bold and offer "Mark read".
 */
export function NotificationItem({
  item,
  onOpen,
  onMarkRead,
}: {
  item: Notification;
  onOpen: (item: Notification) => void;
  onMarkRead: (item: Notification) => void;
}) {
  const Icon = ICONS[item.kind];
  const { businessTimeZone } = usePublicSettings();
  return (
    <Group component="li" wrap="nowrap" align="flex-start" px="md" py="sm" gap="sm" data-read={item.read}>
      <ThemeIcon variant="light" radius="xl" aria-hidden color={item.read ? "gray" : "blue"}>
        <Icon size={16} />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <UnstyledButton
          onClick={() => onOpen(item)}
          aria-label={`${item.title}${item.read ? "" : " (unread)"}: ${item.text}`}
        >
          <Text size="sm" fw={item.read ? 400 : 700}>
            {item.title}
          </Text>
          <Text size="sm">{item.text}</Text>
        </UnstyledButton>
        <Group gap="xs" justify="space-between">
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={item.at}
            title={formatInstant(item.at, businessTimeZone)}
          >
            {relativeTimeOf(item.at)}
          </Text>
          {!item.read && (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => onMarkRead(item)}
              aria-label={`Mark read: ${item.title}`}
            >
              Mark read
            </Button>
          )}
        </Group>
      </div>
    </Group>
  );
}
