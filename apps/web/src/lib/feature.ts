import type { Icon } from "@tabler/icons-react";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A lazily loaded page (or the shell) that can start loading before it renders. */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes them
export type LazyPage<C extends ComponentType<any> = ComponentType> = LazyExoticComponent<C> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy, plus a preload() that starts the download at once: the router starts a signed-in page's
 * chunk beside the shell's, instead of after it. Both share one promise (the module system's).
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyPage<C> {
  return Object.assign(lazy(load), { preload: load });
}

/** One screen of a feature; pages are lazy, so each screen is its own chunk. */
export interface FeatureRoute {
  path: string;
  page: LazyPage;
  /** Public pages (sign-in, registration, password recovery) render without the shell. */
  public?: boolean;
}

/** A sidebar entry; entries with a group appear under that group's heading. */
export interface NavEntry {
  to: string;
  label: string;
  icon: Icon;
  group?: { label: string; icon: Icon };
  /** Only these roles see the entry (and may use its screens); absent = every back-office role. */
  roles?: readonly string[];
}

/**
 * What a feature says about itself: the router and the sidebar read these, so a new screen is added in
 * one place and never missing from a second, hand-kept list.
 */
export interface Feature {
  id: string;
  routes: FeatureRoute[];
  nav?: NavEntry;
}
