import { type ToastContainerProps, type ToastOptions, toast } from "react-toastify/unstyled";

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

export const notify = {
  success: (message: string) => toast.success(message),
  /** A toastId keeps one toast when several calls fail for the same reason at once. */
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
};
