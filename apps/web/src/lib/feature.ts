import type { Icon } from "@tabler/icons-react";
import type { ComponentType, LazyExoticComponent } from "react";

/** One screen of a feature; pages are lazy, so each screen is its own chunk. */
export interface FeatureRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Public pages (sign-in, registration, password recovery) render without the shell. */
  public?: boolean;
}

/** A sidebar entry; entries with a group appear under that group's heading. */
export interface NavEntry {
  to: string;
  label: string;
  icon: Icon;
  group?: { label: string; icon: Icon };
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
