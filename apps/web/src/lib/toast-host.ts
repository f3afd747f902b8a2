// The toasts' library, loaded with the first toast (lib/toast.ts): most visits never show one. Its styles
// are in app/styles/base.ts, below Mantine's.
export { ToastContainer, toast } from "react-toastify/unstyled";
