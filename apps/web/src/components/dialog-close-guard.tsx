import { type ReactNode, useState } from "react";
import { createUnsavedScope, UnsavedScopeProvider } from "../lib/unsaved-changes";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Closing a dialog that holds a form with unsaved changes (its Cancel, Escape, the X) asks first: Keep editing
 * or Discard. Spread `modalProps` on the dialog, wrap its content in `scope` and let Cancel call
 * `requestClose`; a close that follows a successful save calls the dialog's own close directly. Render
 * `prompt` beside the dialog. While the question is open the dialog under it neither holds the focus nor
 * answers Escape, so the question's Escape means Keep editing.
 */
export function useDialogCloseGuard(close: () => void) {
  const [unsaved] = useState(createUnsavedScope);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (unsaved.any() ? setAsking(true) : close());
  return {
    requestClose,
    modalProps: { onClose: requestClose, trapFocus: !asking, closeOnEscape: !asking },
    scope: (children: ReactNode) => <UnsavedScopeProvider value={unsaved}>{children}</UnsavedScopeProvider>,
    prompt: asking && (
      <ConfirmDialog
        opened
        title="Unsaved changes"
        message="You have unsaved changes. Close this form and lose them?"
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          close();
        }}
      />
    ),
  };
}
