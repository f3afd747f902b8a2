import { NavLink, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { Link, matchPath, useLocation } from "react-router";
import { useAuth } from "@/lib/auth";
import type { NavEntry } from "@/lib/feature";
import { features } from "../features";

/** An entry and the paths of its feature's screens: add, edit, timings... belong to the entry's section. */
type SectionEntry = NavEntry & { sectionPaths: string[] };

type NavNode =
  | { kind: "entry"; entry: SectionEntry }
  | { kind: "group"; label: string; icon: NavEntry["icon"]; entries: SectionEntry[] };

/** Entries grouped by their feature's group, in feature order; an entry for some roles only shows to them. */
function navTree(roles: readonly string[]): NavNode[] {
  const nodes: NavNode[] = [];
  for (const feature of features) {
    if (!feature.nav) continue;
    if (feature.nav.roles && !feature.nav.roles.some((role) => roles.includes(role))) continue;
    const entry: SectionEntry = { ...feature.nav, sectionPaths: feature.routes.map((route) => route.path) };
    if (!entry.group) {
      nodes.push({ kind: "entry", entry });
      continue;
    }
    const existing = nodes.find((node) => node.kind === "group" && node.label === entry.group?.label);
    if (existing?.kind === "group") existing.entries.push(entry);
    else nodes.push({ kind: "group", label: entry.group.label, icon: entry.group.icon, entries: [entry] });
  }
  return nodes;
}

const matches = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);
const inSection = (pathname: string, entry: SectionEntry) =>
  matches(pathname, entry.to) || entry.sectionPaths.some((path) => matchPath(path, pathname));
/** The entry's own page is the current page; another screen of its section is the current location in it. */
const currentOf = (pathname: string, entry: SectionEntry) =>
  matches(pathname, entry.to) ? "page" : inSection(pathname, entry) ? "true" : undefined;

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const roleKey = (user?.roles ?? []).join(",");
  const tree = useMemo(() => navTree(roleKey.split(",")), [roleKey]);
  const groupOf = (isIn: (entry: SectionEntry) => boolean) => {
    const group = tree.find((node) => node.kind === "group" && node.entries.some(isIn));
    return group?.kind === "group" ? group.label : null;
  };
  // Highlighted on every screen of its section; opened on arrival at one of its own pages only.
  const activeGroupLabel = groupOf((entry) => inSection(pathname, entry));
  const pageGroupLabel = groupOf((entry) => matches(pathname, entry.to));
  // Accordion: one group open at a time; the active entry's parent opens on navigation.
  const [openGroup, setOpenGroup] = useState<string | null>(pageGroupLabel);
  useEffect(() => {
    if (pageGroupLabel) setOpenGroup(pageGroupLabel);
  }, [pageGroupLabel]);

  return (
    <nav aria-label="Navigation" className="sidebar">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pb="xs">
        Navigation
      </Text>
      {/* The browser's own scrolling: a scroll area component sets its state from its refs as it mounts,
          which re-rendered the whole menu synchronously while the shell appeared. */}
      <div className="sidebar-entries">
        {tree.map((node) =>
          node.kind === "entry" ? (
            <NavLink
              key={node.entry.to}
              component={Link}
              to={node.entry.to}
              label={node.entry.label}
              leftSection={<node.entry.icon size={18} aria-hidden />}
              active={inSection(pathname, node.entry)}
              aria-current={currentOf(pathname, node.entry)}
              onClick={onNavigate}
            />
          ) : (
            <NavLink
              key={node.label}
              // A group only opens and closes: a button (an <a> without href may not carry aria-expanded).
              component="button"
              label={node.label}
              leftSection={<node.icon size={18} aria-hidden />}
              opened={openGroup === node.label}
              onChange={(opened) => setOpenGroup(opened ? node.label : null)}
              childrenOffset={28}
              active={activeGroupLabel === node.label}
              variant="subtle"
            >
              {node.entries.map((entry) => (
                <NavLink
                  key={entry.to}
                  component={Link}
                  to={entry.to}
                  label={entry.label}
                  leftSection={<entry.icon size={16} aria-hidden />}
                  active={inSection(pathname, entry)}
                  aria-current={currentOf(pathname, entry)}
                  onClick={onNavigate}
                />
              ))}
            </NavLink>
          ),
        )}
      </div>
    </nav>
  );
}
