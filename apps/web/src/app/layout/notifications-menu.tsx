import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { useMarkNotificationsRead, useNotifications } from "@/features/notifications/api/notifications";
import { useAuth } from "@/lib/auth";
import { formatAtLeast } from "@/lib/format-number";
import { paths } from "@/lib/paths";

// The list (its icons, and the date library that says "5 minutes ago") loads with the first opening:
// every signed-in screen draws the bell, few visits open it.
const NotificationList = lazy(() =>
  import("@/features/notifications/components/notification-list").then((module) => ({
    default: module.NotificationList,
  })),
);

/** The notifications dropdown body is 380 px high. */
export const NOTIFICATIONS_BODY_HEIGHT = 380;

/** The bell's accessible name: how many are unread, in words ("50+" when there are more than were counted). */
export const bellLabel = (unread: number, more = false) =>
  unread > 0 ? `Notifications, ${formatAtLeast(unread, more)} unread` : "Notifications";

/**
 * The signed-in person's notifications (derived by the server from what really happened), the unread
 * count on the bell, and "See all notifications" (the full page). A popover, not a menu: its content is a
 * list to read, not a set of commands.
 */
export function NotificationsMenu() {
  const { isAuthenticated } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const notifications = useNotifications({ enabled: isAuthenticated });
  const markRead = useMarkNotificationsRead();
  const items = notifications.data?.data ?? [];
  const unread = notifications.data?.unread ?? 0;
  const more = notifications.data?.unreadIsLowerBound ?? false;

  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Tooltip label="Notifications" disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-expanded={opened}
            aria-haspopup="dialog"
            aria-label={bellLabel(unread, more)}
          >
            <Indicator
              label={formatAtLeast(unread, more)}
              size={16}
              offset={2}
              color="red.8"
              disabled={unread === 0}
            >
              <IconBell size={20} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>Notifications</Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all as read
          </Button>
        </Group>
        <ScrollArea
          h={NOTIFICATIONS_BODY_HEIGHT}
          data-testid="notifications-body"
          viewportProps={{ tabIndex: 0, "aria-label": "Notification list" }}
        >
          {notifications.isError ? (
            <Text px="md" py="sm" size="sm">
              Notifications could not be loaded.
            </Text>
          ) : notifications.isSuccess && items.length === 0 ? (
            <Text px="md" py="sm" size="sm">
              Nothing needs your attention.
            </Text>
          ) : (
            <Suspense fallback={null}>
              <NotificationList items={items} onOpened={close} />
            </Suspense>
          )}
        </ScrollArea>
        <Button
          variant="subtle"
          fullWidth
          radius={0}
          onClick={() => {
            close();
            navigate(paths.notifications);
          }}
        >
          See all notifications
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
