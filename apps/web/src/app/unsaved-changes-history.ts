import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type HistoryRouterProps,
  NavigationType,
  parsePath,
  type To,
} from "react-router";
import { unsavedChanges } from "../lib/unsaved-changes";

type History = HistoryRouterProps["history"];
type Address = { pathname: string; search: string };

/** A navigation the unsaved-changes prompt is holding: Leave lets it happen, Stay drops it. */
export interface HeldNavigation {
  leave(): void;
  stay(): void;
}

export interface UnsavedChangesHistory extends History {
  /** The navigation waiting for the person's answer, if any. */
  held(): HeldNavigation | null;
  subscribeHeld(listener: () => void): () => void;
}

/** Another page, or the same page with other filters; a #fragment alone leaves nothing behind. */
const leavesPage = (from: Address, to: Address) => from.pathname !== to.pathname || from.search !== to.search;

/**
 * The browser's history as the router sees it, holding any navigation away from unsaved changes (links,
 * Cancel buttons, redirects, browser Back and Forward) until the person answers. The router's own
 * navigation blocker needs its data router, which weighs more than the rest of the router on every page.
 */
export function unsavedChangesHistory(
  inner: History = createBrowserHistory({ v5Compat: true }),
): UnsavedChangesHistory {
  let held: HeldNavigation | null = null;
  const heldListeners = new Set<() => void>();
  const setHeld = (next: HeldNavigation | null) => {
    held = next;
    for (const listener of heldListeners) listener();
  };
  /** Runs `go` now, or once the person chooses Leave. */
  const ask = (go: () => void) => {
    let answered = false;
    const answer = (leave: boolean) => {
      if (answered) return;
      answered = true;
      setHeld(null);
      if (leave) go();
    };
    setHeld({ leave: () => answer(true), stay: () => answer(false) });
  };

  /** Where the router is now: after a Back the browser's address has already changed. */
  let shown: Address = inner.location;
  /** The step back (or forward) that undoes a held Back, which the router must not see. */
  let undoing = false;
  /** A Back the person chose to leave by, which must not be held a second time. */
  let leaving = false;

  const navigate = (move: "push" | "replace") => (to: To, state?: unknown) => {
    const target = typeof to === "string" ? parsePath(to) : to;
    const next = { pathname: target.pathname ?? shown.pathname, search: target.search ?? "" };
    const go = () => {
      inner[move](to, state);
      shown = inner.location;
    };
    if (unsavedChanges.any() && leavesPage(shown, next)) ask(go);
    else go();
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: navigate("push"),
    replace: navigate("replace"),
    go: (delta) => inner.go(delta),
    listen(listener) {
      return inner.listen((update) => {
        if (update.action === NavigationType.Pop) {
          if (undoing) {
            undoing = false;
            return;
          }
          const { delta } = update;
          // Without a step count (an entry from before the app) there is no undoing it: it goes through.
          if (!leaving && delta && unsavedChanges.any() && leavesPage(shown, update.location)) {
            undoing = true;
            inner.go(-delta);
            ask(() => {
              leaving = true;
              inner.go(delta);
            });
            return;
          }
          leaving = false;
        }
        shown = update.location;
        listener(update);
      });
    },
    held: () => held,
    subscribeHeld(listener) {
      heldListeners.add(listener);
      return () => void heldListeners.delete(listener);
    },
  };
}
