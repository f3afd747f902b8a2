import { createContext, useContext, useEffect, useId, useSyncExternalStore } from "react";

/**
 * The forms on screen that hold unsaved changes, by a form's own id. One store for the whole app: a page can
 * hold several forms (My account), and one question covers them all when a navigation is held.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

function mark(id: string, dirty: boolean) {
  if (dirty === dirtyForms.has(id)) return;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  for (const listener of listeners) listener();
}

export const unsavedChanges = {
  /** Read at the moment of a navigation, so a save that has just started never prompts. */
  any: () => dirtyForms.size > 0,
  /** Signing out (or a lost session) leaves at once: there is nothing left to save the edits with. */
  discard() {
    dirtyForms.clear();
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Whether any form on screen holds unsaved changes, as state (the tab-closing prompt follows it). */
export function useAnyUnsavedChanges() {
  return useSyncExternalStore(unsavedChanges.subscribe, unsavedChanges.any);
}

/**
 * Leaving the page while `isDirty` asks first (Stay / Leave): Cancel, links, browser Back and closing the tab.
 * Pass false while a save is under way, so the navigation that follows a successful save goes through.
 */
export function useUnsavedChangesPrompt(isDirty: boolean) {
  const id = useId();
  const scope = useContext(UnsavedScopeContext);
  useEffect(() => {
    mark(id, isDirty);
    scope?.mark(id, isDirty);
    return () => {
      mark(id, false);
      scope?.mark(id, false);
    };
  }, [id, isDirty, scope]);
}

/** The forms inside one dialog: closing the dialog asks only when a form of its own holds unsaved changes. */
export interface UnsavedScope {
  mark(id: string, dirty: boolean): void;
  any(): boolean;
}

export function createUnsavedScope(): UnsavedScope {
  const ids = new Set<string>();
  return {
    mark: (id, dirty) => void (dirty ? ids.add(id) : ids.delete(id)),
    any: () => ids.size > 0,
  };
}

const UnsavedScopeContext = createContext<UnsavedScope | null>(null);
/** Wraps a dialog's content, so the forms inside report their unsaved changes to the dialog too. */
export const UnsavedScopeProvider = UnsavedScopeContext.Provider;
