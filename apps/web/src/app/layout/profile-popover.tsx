import { Button, Divider, Popover, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell, IconBriefcase, IconLogout, IconMessage, IconSettings } from "@tabler/icons-react";
import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import { cloneElement } from "react";
import { useNavigate } from "react-router";
import type { PopupTargetProps } from "@/components/popup-on-demand";
import { call } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { displayName } from "@/lib/session";
import { unsavedChanges } from "@/lib/unsaved-changes";
import type { SidePanelTab } from "./side-panel";

/**
 * Full name and email (the name falls back to the user name), and My Project, Message,
 * Notification, Settings, Logout. Closes on a click outside it or on Escape.
 */
export default function ProfilePopover({
  target,
  onOpenSidePanel,
}: { onOpenSidePanel: (tab?: SidePanelTab) => void } & PopupTargetProps) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const name = displayName(user);

  const signOut = async () => {
    close();
    // Revoke the token on the server; signing out locally must not wait on or fail with it.
    await call(authEndpoints.logout, {}, { silent: true }).catch(() => undefined);
    logout();
    unsavedChanges.discard();
    navigate(paths.login, { replace: true });
  };
  const openPanel = (tab: SidePanelTab) => {
    close();
    onOpenSidePanel(tab);
  };

  const item = { variant: "subtle", color: "dark", justify: "flex-start", fullWidth: true, fw: 500 } as const;
  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      // A dialog: opened, the focus moves into it (Escape then closes it) and goes back to the button after.
      trapFocus
      returnFocus
    >
      <Popover.Target>{cloneElement(target, { onClick: toggle })}</Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Profile">
        <div style={{ padding: "4px 12px 8px" }}>
          <Text fw={600} size="sm" data-testid="profile-name">
            {name}
          </Text>
          {user?.email ? (
            <Text size="xs" c="dimmed" data-testid="profile-email">
              {user.email}
            </Text>
          ) : null}
        </div>
        <Divider mb={4} />
        <Stack gap={2}>
          {/* My Project is a static page outside the product: shown, not yet available. */}
          <Button {...item} leftSection={<IconBriefcase size={16} aria-hidden />} disabled>
            My Project
          </Button>
          {/* Messages need the chat, which does not exist yet: shown, not yet available, like My Project. */}
          <Button {...item} leftSection={<IconMessage size={16} aria-hidden />} disabled>
            Message
          </Button>
          <Button
            {...item}
            leftSection={<IconBell size={16} aria-hidden />}
            onClick={() => openPanel("alerts")}
          >
            Notification
          </Button>
          <Button
            {...item}
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => {
              close();
              navigate(paths.settings);
            }}
          >
            Settings
          </Button>
          <Divider my={2} />
          <Button
            {...item}
            color="red"
            c="var(--mantine-color-error)"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void signOut()}
          >
            Logout
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
