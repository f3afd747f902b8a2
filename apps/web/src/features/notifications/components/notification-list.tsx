import { Stack } from "@mantine/core";
import type { Notification } from "@visadesk/contract/notifications";
import { useNavigate } from "react-router";
import { useMarkNotificationsRead } from "../api/notifications";
import { NotificationItem } from "./notification-item";

/** Notifications as a list: opening one marks it read and goes to the screen that deals with it. */
export function NotificationList({
  items,
  label,
  onOpened,
}: {
  items: Notification[];
  /** The list's accessible name, where its surroundings do not already give one. */
  label?: string;
  /** After an item is opened, e.g. to close the panel it sits in. */
  onOpened?: () => void;
}) {
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const open = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    onOpened?.();
    navigate(item.link.path);
  };
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={label}>
      {items.map((item) => (
        <NotificationItem
          key={item.id}
          item={item}
          onOpen={open}
          onMarkRead={(read) => markRead.mutate(read.id)}
        />
      ))}
    </Stack>
  );
}
