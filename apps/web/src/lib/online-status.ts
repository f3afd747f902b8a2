import { useSyncExternalStore } from "react";

/** Calls `listener` whenever the browser goes offline or comes back online. */
export function subscribeToOnlineStatus(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export const isOnline = () => navigator.onLine;

/** Whether the browser says it is online; re-renders when that changes. */
export function useOnline() {
  return useSyncExternalStore(subscribeToOnlineStatus, isOnline, () => true);
}
