import { ActionIcon, Burger, Group, Text, UnstyledButton } from "@mantine/core";
import { useFullscreenDocument } from "@mantine/hooks";
import { IconLayoutSidebarRight, IconMaximize, IconMinimize, IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { TooltipOnDemand } from "@/components/tooltip-on-demand";
import { openSearchOnShortcut } from "@/lib/early-keys";
import { PRODUCT_NAME } from "@/lib/page-title";
import { paths } from "@/lib/paths";
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

/** Search, language placeholder, fullscreen, notifications, profile; plus the side panel. */
export function Header({ navOpened, onToggleNav, onOpenSidePanel }: HeaderProps) {
  return (
    // On a phone (390 px) the paddings and gaps narrow so the name and every button fit on one line.
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <Group wrap="nowrap" gap="xs">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
        />
        <Text
          component={Link}
          to={paths.home}
          fw={700}
          fz={{ base: "md", xs: "lg" }}
          c="var(--mantine-color-anchor)"
          td="none"
          className="header-logo"
        >
          {PRODUCT_NAME}
        </Text>
        <HeaderSearch />
      </Group>
      <Group gap={0} wrap="nowrap">
        <LanguageMenu />
        <ColorSchemeMenu />
        <FullscreenToggle />
        <NotificationsMenu />
        {/* On a phone the profile menu's Notification opens the panel: the header keeps room for the name. */}
        <TooltipOnDemand label="Open side panel">
          <ActionIcon
            visibleFrom="xs"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Open side panel"
            onClick={() => onOpenSidePanel()}
          >
            <IconLayoutSidebarRight size={20} aria-hidden />
          </ActionIcon>
        </TooltipOnDemand>
        <ProfileMenu onOpenSidePanel={onOpenSidePanel} />
      </Group>
    </Group>
  );
}

// The search dialog and its combobox load on the first open, so the first screen's bytes stay as they were.
const GlobalSearchDialog = lazy(() => import("./global-search/global-search-dialog"));

/**
 * The spec leaves the search's behaviour open: it finds consultants, app users, internal users and
 * appointments. The box opens the search dialog, as Ctrl+K (Cmd+K on a Mac) does from anywhere: that key is
 * heard by index.html's script from the first paint, and what is typed before the dialog's code arrives
 * starts its box (lib/early-keys.ts).
 */
function HeaderSearch() {
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on: closing keeps it (and its last results) for the next open.
  const [loaded, setLoaded] = useState(false);
  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  useEffect(() => openSearchOnShortcut(open), [open]);
  const shortcut = isMac() ? "⌘ K" : "Ctrl K";
  return (
    <search>
      <UnstyledButton
        onClick={open}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        visibleFrom="md"
        w={260}
        px="sm"
        h={36}
        style={{
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: "var(--mantine-radius-default)",
          background: "var(--mantine-color-default)",
        }}
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <IconSearch size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              Search...
            </Text>
          </Group>
          {/* Drawn as a key cap without Kbd, whose stylesheet the first screen would have to load. */}
          <Text
            component="kbd"
            size="xs"
            c="dimmed"
            px={6}
            aria-hidden
            style={{
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: "var(--mantine-radius-sm)",
              fontFamily: "inherit",
            }}
          >
            {shortcut}
          </Text>
        </Group>
      </UnstyledButton>
      <TooltipOnDemand label="Search">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Search"
          aria-haspopup="dialog"
          hiddenFrom="md"
          onClick={open}
        >
          <IconSearch size={20} aria-hidden />
        </ActionIcon>
      </TooltipOnDemand>
      {loaded ? (
        <Suspense fallback={null}>
          <GlobalSearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </search>
  );
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

function FullscreenToggle() {
  const { toggle, fullscreen } = useFullscreenDocument();
  const label = fullscreen ? "Exit full screen" : "Enter full screen";
  return (
    <TooltipOnDemand label={label}>
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
    </TooltipOnDemand>
  );
}
