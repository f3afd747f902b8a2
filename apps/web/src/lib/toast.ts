import type { ToastContainerProps, ToastOptions } from "react-toastify/unstyled";

/** Spec section 9: top-right, 5000 ms, light, drag at 80 %, pause on hover and focus loss, Alt+T. */
export const TOAST_DEFAULTS = {
  position: "top-right",
  autoClose: 5000,
  theme: "light",
  draggable: "touch",
  draggablePercent: 80,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  hotKeys: (event: KeyboardEvent) => event.altKey && event.code === "KeyT",
} satisfies ToastContainerProps;

/** The toasts' library, with its container and styles: loaded with the first toast. */
export const loadToasts = () => import("./toast-host");

/**
 * Whether a toast was asked for yet: from then on the app renders the container (ToastSlot). A toast asked
 * for before the container is mounted waits in the library's queue and shows when it mounts.
 */
let wanted = false;
const listeners = new Set<() => void>();
export const toastHost = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type Kind = "success" | "error" | "info" | "warning";
function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToasts().then(({ toast }) => toast[kind](message, options));
}

export const notify = {
  success: (message: string) => show("success", message),
  /** A toastId keeps one toast when several calls fail for the same reason at once. */
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string) => show("info", message),
  warning: (message: string) => show("warning", message),
};
