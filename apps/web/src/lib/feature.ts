import type { Icon } from "@tabler/icons-react";
import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
} from "react";

/** Where a screen is opened: its path, its route's parameters (`:consultantId`) and the address's query. */
export interface ScreenAddress {
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * A page's module: the page, and what it asks the server for first. The router starts those requests as
 * soon as the module has loaded, beside the shell's download and first render, instead of when the page
 * has rendered (lib/screen-data.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes them
export interface PageModule<C extends ComponentType<any> = ComponentType> {
  default: C;
  prefetch?: (address: ScreenAddress) => void;
}

/** The address of the screen on show, and when it was opened: an answer that came later was its own. */
let opened = { address: "", at: 0 };
export const whenScreenOpened = () => opened.at;

/**
 * Opens a screen's page: downloads its module, then starts what it asks the server for. The same address
 * again (the router rendering the screen that the entry already opened) is the same opening. A failed
 * download shows when the page renders (React.lazy tries again then), not here.
 */
export function openScreen(
  // biome-ignore lint/suspicious/noExplicitAny: any page
  page: LazyPage<any>,
  address: ScreenAddress,
) {
  const key = `${address.pathname}?${address.search}`;
  if (key === opened.address) return;
  opened = { address: key, at: Date.now() };
  void page
    .preload()
    .then((module) => module.prefetch?.(address))
    .catch(() => undefined);
}

/** A lazily loaded page (or the shell) that can start loading before it renders. */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes them
export type LazyPage<C extends ComponentType<any> = ComponentType> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<PageModule<C>>;
};

/**
 * A page's code could not be downloaded: the browser is offline, or a deploy replaced the files the open
 * app still names. What the browser said is kept as the cause (it names the file that failed).
 */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "PageLoadError";
  }
}

/** How to give each page whose download failed a fresh attempt. */
const failedPages = new Set<() => void>();

/**
 * React.lazy keeps a failed download for good, so a page that failed once (offline) would fail on every
 * later visit too: this lets the next render of each such page download it again.
 */
export function retryFailedPageLoads() {
  const retries = [...failedPages];
  failedPages.clear();
  for (const retry of retries) retry();
}

/**
 * React.lazy, plus a preload() that starts the download at once: the router starts a signed-in page's
 * chunk beside the shell's, instead of after it. Both share one promise (the module system's). A failed
 * download is a PageLoadError, and can be tried again (retryFailedPageLoads).
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<PageModule<C>>): LazyPage<C> {
  const attempt = (): LazyExoticComponent<C> =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedPages.add(() => {
          current = attempt();
        });
        throw new PageLoadError(error);
      }),
    );
  let current = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page as its module loads, as React.lazy is
  const Page = (props: ComponentProps<C>) => createElement(current, props);
  return Object.assign(Page, { preload: load });
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
