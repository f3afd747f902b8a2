import { ActionIcon, Burger, Group, Text, TextInput, Tooltip } from "@mantine/core";
import { useFullscreenDocument } from "@mantine/hooks";
import { IconLayoutSidebarRight, IconMaximize, IconMinimize, IconSearch } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../lib/paths";
import { ColorSchemeMenu } from "./color-scheme-menu";
import { LanguageMenu } from "./language-menu";
import { NotificationsMenu } from "./notifications-menu";
import { ProfileMenu } from "./profile-menu";
import type { SidePanelTab } from "./side-panel";

interface HeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenSidePanel: (tab?: SidePanelTab) => void;
}

/** Spec section 2: search, language placeholder, fullscreen, notifications, profile; plus the side panel. */
export function Header({ navOpened, onToggleNav, onOpenSidePanel }: HeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group wrap="nowrap" gap="sm">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
        />
        <Text component={Link} to={paths.home} fw={700} size="lg" c="var(--mantine-color-anchor)" td="none">
          VisaDesk
        </Text>
        <HeaderSearch />
      </Group>
      <Group gap={4} wrap="nowrap">
        <LanguageMenu />
        <ColorSchemeMenu />
        <FullscreenToggle />
        <NotificationsMenu />
        <Tooltip label="Open side panel">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Open side panel"
            onClick={() => onOpenSidePanel()}
          >
            <IconLayoutSidebarRight size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <ProfileMenu onOpenSidePanel={onOpenSidePanel} />
      </Group>
    </Group>
  );
}

/** The spec leaves the search's behaviour open: it looks consultants up, the records staff search most. */
function HeaderSearch() {
  const [term, setTerm] = useState("");
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = term.trim();
    navigate(paths.consultants.search(search));
  };
  return (
    <search>
      <form onSubmit={submit} aria-label="Search consultants">
        <TextInput
          type="search"
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          placeholder="Search consultants..."
          aria-label="Search consultants"
          leftSection={<IconSearch size={16} aria-hidden />}
          visibleFrom="md"
          w={260}
        />
      </form>
    </search>
  );
}

function FullscreenToggle() {
  const { toggle, fullscreen } = useFullscreenDocument();
  const label = fullscreen ? "Exit full screen" : "Enter full screen";
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-pressed={fullscreen}
        onClick={() => void toggle().catch(() => undefined)}
      >
        {fullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
