// The toasts' library and its styles, loaded with the first toast (lib/toast.ts): most visits never show one.
import "react-toastify/ReactToastify.css";

export { ToastContainer, toast } from "react-toastify/unstyled";
