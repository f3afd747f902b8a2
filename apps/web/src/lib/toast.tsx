import type { ReactNode } from "react";
import type { ToastContainerProps, ToastOptions } from "react-toastify/unstyled";
import { errorMessage, HttpError } from "./http-error";

/** The shell's header; toasts stack beneath it so they never hide its menus or a page's own buttons. */
export const HEADER_HEIGHT_PX = 60;

/** Top-right, 5000 ms, light, drag at 80 %, pause on hover and focus loss, Alt+T. */
export const TOAST_DEFAULTS = {
  position: "top-right",
  autoClose: 5000,
  theme: "light",
  draggable: "touch",
  draggablePercent: 80,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  hotKeys: (event: KeyboardEvent) => event.altKey && event.code === "KeyT",
  style: { top: `calc(${HEADER_HEIGHT_PX}px + 0.5rem)` },
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
function show(kind: Kind, message: ReactNode, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToasts().then(({ toast }) => toast[kind](message, options));
}

/**
 * What went wrong, in words a person can act on: the server's message, or the transport's own
 * ("Network Error", "timeout exceeded"). Nothing when only a bare status is known.
 */
export function failureReason(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  // The spec's toast text order; an answer that said nothing leaves only its bare status, which is no reason.
  const reason = errorMessage(error);
  return error.response && reason === error.message ? undefined : reason;
}

export const notify = {
  /** Options: a longer autoClose for a toast with a button in it (Undo). */
  success: (message: ReactNode, options?: ToastOptions) => show("success", message, options),
  /** A toastId keeps one toast when several calls fail for the same reason at once. */
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  /** One toast for a failed action: the screen's own text, and the reason on a line of its own beneath it. */
  failure: (text: string, error: unknown) => {
    const reason = failureReason(error);
    if (!reason || reason === text) return show("error", text);
    show(
      "error",
      <div>
        <div>{text}</div>
        <div>{reason}</div>
      </div>,
    );
  },
  info: (message: string) => show("info", message),
  warning: (message: ReactNode, options?: ToastOptions) => show("warning", message, options),
  /** Closes a toast shown with a toastId (an Undo toast once its button is used). */
  dismiss: (toastId: string) => void loadToasts().then(({ toast }) => toast.dismiss(toastId)),
};
