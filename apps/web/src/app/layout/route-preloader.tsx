import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isPublicPath } from "@/lib/public-paths";
import { Preloader } from "./preloader";

/** Page preloader hide delay. */
export const PAGE_PRELOADER_MS = 800;

/**
 * On route changes (except to the public pages) the preloader shows "Loading page..."
 * for 800 ms; on page unload it shows "Loading...".
 */
export function RoutePreloader() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (isPublicPath(pathname)) {
      setMessage(null);
      return;
    }
    setMessage("Loading page...");
    const timer = setTimeout(() => setMessage(null), PAGE_PRELOADER_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    const onUnload = () => setMessage("Loading...");
    window.addEventListener("beforeunload", onUnload);
    return () => window.removeEventListener("beforeunload", onUnload);
  }, []);

  return message ? <Preloader message={message} /> : null;
}
