import { lazy, Suspense, useEffect } from "react";
import { useBlocker } from "react-router";
import { unsavedChanges, useAnyUnsavedChanges } from "../lib/unsaved-changes";

// Loaded when first needed: dialogs stay out of every page's first download, /login's included.
const ConfirmDialog = lazy(() =>
  import("../components/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * Holds a navigation away from a form with unsaved changes until the person chooses Stay or Leave; closing
 * or reloading the tab gets the browser's own question. Forms say they are dirty with useUnsavedChangesPrompt.
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChanges.any() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
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

  if (blocker.state !== "blocked") return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        opened
        title="Unsaved changes"
        message="You have unsaved changes. Leave this page and lose them?"
        cancelLabel="Stay"
        confirmLabel="Leave"
        onCancel={() => blocker.reset()}
        onConfirm={() => blocker.proceed()}
      />
    </Suspense>
  );
}
