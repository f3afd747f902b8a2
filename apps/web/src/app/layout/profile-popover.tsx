import { Button, Divider, Stack, Text } from "@mantine/core";
import { IconBell, IconBriefcase, IconLogout, IconMessage, IconSettings } from "@tabler/icons-react";
import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import { useNavigate } from "react-router";
import type { PopupTargetProps } from "@/components/popup-on-demand";
import { call } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { paths } from "@/lib/paths";
import { displayName } from "@/lib/session";
import { unsavedChanges } from "@/lib/unsaved-changes";
import { HeaderPopover } from "./header-popover";
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
  const name = displayName(user);

  const signOut = async (close: () => void) => {
    close();
    // Revoke the token on the server; signing out locally must not wait on or fail with it.
    await call(authEndpoints.logout, {}, { silent: true }).catch(() => undefined);
    logout();
    unsavedChanges.discard();
    navigate(paths.login, { replace: true });
  };
  const openPanel = (tab: SidePanelTab, close: () => void) => {
    close();
    onOpenSidePanel(tab);
  };

  const item = { variant: "subtle", color: "dark", justify: "flex-start", fullWidth: true, fw: 500 } as const;
  return (
    <HeaderPopover target={target} width={240} label="Profile" padding="xs">
      {(close) => (
        <>
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
              onClick={() => openPanel("alerts", close)}
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
              onClick={() => void signOut(close)}
            >
              Logout
            </Button>
          </Stack>
        </>
      )}
    </HeaderPopover>
  );
}
