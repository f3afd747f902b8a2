import { AxiosError } from "axios";
import { type ToastContainerProps, type ToastOptions, toast } from "react-toastify/unstyled";

/** The shell's header; toasts stack beneath it so they never hide its menus or a page's own buttons. */
export const HEADER_HEIGHT_PX = 60;

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
  style: { top: `calc(${HEADER_HEIGHT_PX}px + 0.5rem)` },
} satisfies ToastContainerProps;

/**
 * What went wrong, in words a person can act on: the server's message, or the transport's own
 * ("Network Error", "timeout exceeded", "Request aborted"). Nothing when only a bare status is known.
 */
export function failureReason(error: unknown): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
  if (typeof data?.message === "string" && data.message) return data.message;
  if (typeof data?.error === "string" && data.error) return data.error;
  return error.response ? undefined : error.message || undefined;
}

export const notify = {
  success: (message: string) => toast.success(message),
  /** A toastId keeps one toast when several calls fail for the same reason at once. */
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  /** One toast for a failed action: the screen's own text, and the reason on a line of its own beneath it. */
  failure: (text: string, error: unknown) => {
    const reason = failureReason(error);
    if (!reason || reason === text) return toast.error(text);
    return toast.error(
      <div>
        <div>{text}</div>
        <div>{reason}</div>
      </div>,
    );
  },
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
};
