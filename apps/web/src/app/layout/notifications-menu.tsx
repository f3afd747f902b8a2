import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { sampleNotifications } from "./sample-content";

/** Spec section 2: the notifications dropdown body is 380 px high. */
export const NOTIFICATIONS_BODY_HEIGHT = 380;

/**
 * Static sample notifications and a "See all notifications" link (it opens the side panel's Alerts).
 * A popover, not a menu: its content is a list to read, not a set of commands.
 */
export function NotificationsMenu({ onSeeAll }: { onSeeAll: () => void }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      width={340}
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
            aria-label={`Notifications (${sampleNotifications.length})`}
          >
            <Indicator label={sampleNotifications.length} size={16} offset={2} color="red.8">
              <IconBell size={20} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>Notifications</Text>
          <Text size="xs" c="dimmed">
            {sampleNotifications.length} new
          </Text>
        </Group>
        <ScrollArea
          h={NOTIFICATIONS_BODY_HEIGHT}
          data-testid="notifications-body"
          viewportProps={{ tabIndex: 0, "aria-label": "Notification list" }}
        >
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {sampleNotifications.map((item) => (
              <Group key={item.id} component="li" wrap="nowrap" align="flex-start" px="md" py="sm" gap="sm">
                <ThemeIcon variant="light" radius="xl" aria-hidden>
                  <item.icon size={16} />
                </ThemeIcon>
                <div>
                  <Text size="sm" fw={500}>
                    {item.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {item.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.time}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        </ScrollArea>
        <Button
          variant="subtle"
          fullWidth
          radius={0}
          onClick={() => {
            close();
            onSeeAll();
          }}
        >
          See all notifications
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
