import { Avatar, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconBell, IconBriefcase, IconLogout, IconMessage, IconSettings } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/auth";
import { http } from "../../lib/http";
import { displayName } from "../../lib/session";
import type { SidePanelTab } from "./side-panel";

/**
 * Spec section 2: full name and email (falling back to the user name), and My Project, Message,
 * Notification, Settings, Logout. Closes on a click outside it (Mantine Menu's default).
 */
export function ProfileMenu({ onOpenSidePanel }: { onOpenSidePanel: (tab?: SidePanelTab) => void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const name = displayName(user);

  const signOut = async () => {
    // Revoke the token on the server; signing out locally must not wait on or fail with it.
    await http.post("connect/logout", undefined, { silent: true }).catch(() => undefined);
    logout();
    navigate("/login", { replace: true });
  };

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Profile menu for ${name}`} px={4}>
          <Avatar color="indigo" radius="xl" size={34} name={name} alt="" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label="Profile">
        <div style={{ padding: "8px 12px" }}>
          <Text fw={600} size="sm" data-testid="profile-name">
            {name}
          </Text>
          {user?.email && (
            <Text size="xs" c="dimmed" data-testid="profile-email">
              {user.email}
            </Text>
          )}
        </div>
        <Menu.Divider />
        {/* My Project and Settings are static pages outside the product: shown, not yet available. */}
        <Menu.Item leftSection={<IconBriefcase size={16} aria-hidden />} disabled>
          My Project
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMessage size={16} aria-hidden />}
          onClick={() => onOpenSidePanel("chat")}
        >
          Message
        </Menu.Item>
        <Menu.Item leftSection={<IconBell size={16} aria-hidden />} onClick={() => onOpenSidePanel("alerts")}>
          Notification
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} disabled>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          color="red"
          onClick={() => void signOut()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
