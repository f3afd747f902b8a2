// The styles of the shell and of every signed-in page come with this chunk, never with /login.
import "./styles";
import "./shell.css";
import { AppShell, useMantineTheme } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import {
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { LiveUpdates } from "@/lib/live-updates";
import { usePreloadFirstWhenIdle } from "@/lib/preload-when-idle";
import { QueryProvider } from "@/lib/query-provider";
import { useSidePanelRequests } from "@/lib/record-on-screen";
import { HEADER_HEIGHT_PX, loadToasts } from "@/lib/toast";
import { Footer } from "./footer";
import { Header } from "./header";
import { OfflineBanner } from "./offline-banner";
import type { SidePanelTab } from "./side-panel";
import { Sidebar } from "./sidebar";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

// Closed until asked for: its drawer, tabs and sample texts load on the first opening, not with every screen.
const SidePanel = lazy(() => import("./side-panel").then((module) => ({ default: module.SidePanel })));

/** The layout shows about 100 ms after mounting. */
export const LAYOUT_SHOW_DELAY_MS = 100;
/** Narrower than this, the navigation is a drawer behind the header's menu button. */
const NAVBAR_BREAKPOINT = "sm";
/** Sidebar collapse transition. */
export const SIDEBAR_TRANSITION_MS = 350;

/**
 * Hidden (and out of the accessibility tree) until shown, then a 100 ms fade (shell.css). The shell is
 * built while hidden, in the slices of a transition. It is shown by marking its element, not by a change
 * of React state: that was an urgent update, which rendered whatever the page had pending with it in one
 * long task. (A CSS animation would need no script at all, but the browser then reports the screen's
 * largest paint only at some later change.) The variables carry the durations to the style sheet.
 */
const shellStyle = {
  "--shell-show-delay": `${LAYOUT_SHOW_DELAY_MS}ms`,
  "--shell-transition-duration": `${SIDEBAR_TRANSITION_MS}ms`,
} as CSSProperties;

export function Layout({ children }: { children: ReactNode }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  // On a phone the navigation is a drawer, closed at first: its links are drawn the first time it opens (a
  // quarter of the shell's first render, and unreachable while closed), then kept for its closing
  // transition and the next openings. From the breakpoint on it is a column beside the page, always drawn.
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints[NAVBAR_BREAKPOINT]})`, undefined, {
    getInitialValueInEffect: false,
  });
  const [navOpenedOnce, setNavOpenedOnce] = useState(false);
  if (navOpened && !navOpenedOnce) setNavOpenedOnce(true);
  const [panel, setPanel] = useState<{ opened: boolean; tab: SidePanelTab; used: boolean }>({
    opened: false,
    // Alerts: the tab with content on every screen (Chat is a placeholder the spec keeps).
    tab: "alerts",
    used: false,
  });
  const shell = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => shell.current?.setAttribute("data-shown", ""), LAYOUT_SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // The toasts' library, once the screen is up: a failure while offline must still be able to say so,
  // and by then the library could no longer be downloaded. Before the page's own preloads, which the
  // page (rendered inside the shell) asked for first.
  usePreloadFirstWhenIdle(loadToasts);
  const openPanel = useCallback(
    (tab?: SidePanelTab) => setPanel((current) => ({ opened: true, tab: tab ?? current.tab, used: true })),
    [],
  );
  useSidePanelRequests(openPanel);

  const parts = useMemo(
    () => (
      <>
        <SkipLink />
        <AppShell.Header>
          <Header navOpened={navOpened} onToggleNav={toggle} onOpenSidePanel={openPanel} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          {wide || navOpenedOnce ? <Sidebar onNavigate={close} /> : null}
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className="main-content">
          <OfflineBanner />
          {children}
        </AppShell.Main>
        <AppShell.Footer p="sm">
          <Footer />
        </AppShell.Footer>
        {/* Once opened it stays mounted, so that closing it plays the drawer's transition. */}
        {panel.used ? (
          <Suspense fallback={null}>
            <SidePanel
              opened={panel.opened}
              tab={panel.tab}
              onTabChange={(tab) => setPanel((current) => ({ ...current, tab }))}
              onClose={() => setPanel((current) => ({ ...current, opened: false }))}
            />
          </Suspense>
        ) : null}
      </>
    ),
    [navOpened, toggle, close, openPanel, children, panel, wide, navOpenedOnce],
  );

  return (
    <QueryProvider>
      <LiveUpdates />
      <AppShell
        ref={shell}
        className="shell"
        style={shellStyle}
        header={{ height: HEADER_HEIGHT_PX }}
        navbar={{ width: 260, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !navOpened } }}
        footer={{ height: 44 }}
        padding="md"
        transitionDuration={SIDEBAR_TRANSITION_MS}
      >
        {parts}
      </AppShell>
    </QueryProvider>
  );
}
