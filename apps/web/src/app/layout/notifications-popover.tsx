import { Button, Group, ScrollArea, Text } from "@mantine/core";
import type { Notification } from "@visadesk/contract/notifications";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import type { PopupTargetProps } from "@/components/popup-on-demand";
import { useMarkNotificationsRead } from "@/features/notifications/api/notifications";
import { paths } from "@/lib/paths";
import { HeaderPopover } from "./header-popover";

// Loaded with the bell's first pointing, reaching or press (notifications-menu.tsx); the list (its icons,
// and the date library that says "5 minutes ago") with the first opening.
const NotificationList = lazy(() =>
  import("@/features/notifications/components/notification-list").then((module) => ({
    default: module.NotificationList,
  })),
);

/** The notifications dropdown body is 380 px high. */
export const NOTIFICATIONS_BODY_HEIGHT = 380;

export interface NotificationsPopoverProps {
  items: Notification[];
  unread: number;
  state: "loading" | "failed" | "loaded";
}

/**
 * The bell's popover: the signed-in person's latest notifications, "Mark all as read", and "See all
 * notifications" (the full page). A popover, not a menu: its content is a list to read, not a set of commands.
 */
export default function NotificationsPopover({
  target,
  items,
  unread,
  state,
}: NotificationsPopoverProps & PopupTargetProps) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  return (
    <HeaderPopover target={target} width={360} label="Notifications" padding={0}>
      {(close) => (
        <>
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
            {state === "failed" ? (
              <Text px="md" py="sm" size="sm">
                Notifications could not be loaded.
              </Text>
            ) : state === "loaded" && items.length === 0 ? (
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
        </>
      )}
    </HeaderPopover>
  );
}
