import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notificationMessages } from "@visadesk/contract/notifications-constants";
import { LoadingState } from "@/components/loading-state";
import { formatAtLeast } from "@/lib/format-number";
import { usePageTitle } from "@/lib/page-title";
import { useMarkNotificationsRead, useNotifications } from "../api/notifications";
import { NotificationList } from "../components/notification-list";

/** Every current notification of the signed-in person, newest first. */
export default function NotificationsPage() {
  usePageTitle("Notifications");
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = notifications.data?.data ?? [];
  const unread = notifications.data?.unread ?? 0;
  const more = notifications.data?.unreadIsLowerBound ?? false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Notifications
          </Title>
          <Text size="sm">{unread > 0 ? `${formatAtLeast(unread, more)} unread` : "All read"}</Text>
        </div>
        <Button variant="default" disabled={unread === 0} onClick={() => markRead.mutate(undefined)}>
          Mark all as read
        </Button>
      </Group>
      <Paper withBorder>
        {notifications.isPending ? (
          <LoadingState text="Loading notifications..." />
        ) : notifications.isError ? (
          <Text p="md">{notificationMessages.loadFailed}</Text>
        ) : items.length === 0 ? (
          <Text p="md">Nothing needs your attention.</Text>
        ) : (
          <NotificationList items={items} label="All notifications" />
        )}
      </Paper>
    </Stack>
  );
}
