/**
 * The service worker (built from service-worker/ into sw.js at the site's base): the offline page when the
 * network fails, and the shell's files kept. Only in a build: the dev server has no sw.js.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const base = import.meta.env.BASE_URL;
  // After the page has loaded: installing never competes with the first paint.
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
  });
}
