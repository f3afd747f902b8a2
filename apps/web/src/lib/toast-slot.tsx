import { lazy, Suspense, useSyncExternalStore } from "react";
import { loadToasts, TOAST_DEFAULTS, toastHost } from "./toast";

const ToastContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainer })));

/** The toasts' container, rendered once the app has asked for a first toast. */
export function ToastSlot() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_DEFAULTS} />
    </Suspense>
  );
}
