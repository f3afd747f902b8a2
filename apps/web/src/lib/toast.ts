import { type ToastContainerProps, toast } from "react-toastify";

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
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
};
