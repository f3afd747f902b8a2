import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { Notification } from "@visadesk/contract/notifications";
import { notificationMessages } from "@visadesk/contract/notifications";
import { useNavigate } from "react-router";
import { LoadingState } from "../../../components/loading-state";
import { usePageTitle } from "../../../lib/page-title";
import { useMarkNotificationsRead, useNotifications } from "../api/notifications";
import { NotificationItem } from "../components/notification-item";

/** Every current notification of the signed-in person, newest first. */
export default function NotificationsPage() {
  usePageTitle("Notifications");
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = notifications.data?.data ?? [];
  const unread = notifications.data?.unread ?? 0;
  const open = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    navigate(item.link.path);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Notifications
          </Title>
          <Text size="sm">{unread > 0 ? `${unread} unread` : "All read"}</Text>
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
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: "none" }}
            aria-label="All notifications"
          >
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                onOpen={open}
                onMarkRead={(read) => markRead.mutate(read.id)}
              />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
