import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { PopupOnDemand } from "@/components/popup-on-demand";
import { useNotifications } from "@/features/notifications/api/notifications";
import { useAuth } from "@/lib/auth";
import { formatAtLeast } from "@/lib/format-number";

const loadPopover = () => import("./notifications-popover");

/** The bell's accessible name: how many are unread, in words ("50+" when there are more than were counted). */
export const bellLabel = (unread: number, more = false) =>
  unread > 0 ? `Notifications, ${formatAtLeast(unread, more)} unread` : "Notifications";

/**
 * The bell with the unread count (derived by the server from what really happened). Its popover loads
 * when the bell is first pointed at, reached or pressed: every signed-in screen draws the bell, few visits
 * open it.
 */
export function NotificationsMenu() {
  const { isAuthenticated } = useAuth();
  const notifications = useNotifications({ enabled: isAuthenticated });
  const unread = notifications.data?.unread ?? 0;
  const more = notifications.data?.unreadIsLowerBound ?? false;
  return (
    <PopupOnDemand
      load={loadPopover}
      popup="dialog"
      tooltip="Notifications"
      popupProps={{
        items: notifications.data?.data ?? [],
        unread,
        state: notifications.isError ? "failed" : notifications.isSuccess ? "loaded" : "loading",
      }}
      button={
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={bellLabel(unread, more)}>
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
      }
    />
  );
}
