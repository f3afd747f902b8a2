import { Burger, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/auth";
import { http } from "../../lib/http";
import { displayName } from "../../lib/session";

/** The shell's header (the foundation issue completes it: search, language, fullscreen, notifications). */
export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const signOut = async () => {
    // Revoke the token on the server; signing out locally must not wait on or fail with it.
    await http.post("connect/logout", undefined, { silent: true }).catch(() => undefined);
    logout();
    navigate("/login");
  };
  return (
    <Group h="100%" px="md" justify="space-between">
      <Group>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Text fw={700} size="lg">
          VisaDesk
        </Text>
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="Profile menu">
            <Text size="sm" fw={500}>
              {displayName(user)}
            </Text>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user?.email}</Menu.Label>
          <Menu.Item onClick={signOut}>Logout</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
