import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useAnyUnsavedChanges } from "../lib/unsaved-changes";
import type { UnsavedChangesHistory } from "./unsaved-changes-history";

// Loaded when first needed: dialogs stay out of every page's first download, /login's included.
const ConfirmDialog = lazy(() =>
  import("../components/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * Asks before a navigation away from a form with unsaved changes (held by the router's history) goes on:
 * Stay or Leave; closing or reloading the tab gets the browser's own question. Forms say they are dirty
 * with useUnsavedChangesPrompt.
 */
export function UnsavedChangesGuard({ history }: { history: UnsavedChangesHistory }) {
  const held = useSyncExternalStore(history.subscribeHeld, history.held);
  const dirty = useAnyUnsavedChanges();

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  if (!held) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        opened
        title="Unsaved changes"
        message="You have unsaved changes. Leave this page and lose them?"
        cancelLabel="Stay"
        confirmLabel="Leave"
        onCancel={held.stay}
        onConfirm={held.leave}
      />
    </Suspense>
  );
}
