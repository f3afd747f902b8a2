/**
 * A profile page comes painted by the server (its frame and profile in #root) with the profile as JSON
 * data. Read once, before React takes the root over: until the profile's own chunk has loaded, the page's
 * fallback shows the server's paint instead of a skeleton, and the profile renders from the data instead
 * of asking the API again. Both hold for the address they were served at only, and are given up once used.
 */
const root = typeof document === "undefined" ? null : document.getElementById("root");
const servedAt = root?.dataset.served ? window.location.pathname : null;
let markup = servedAt ? (root?.querySelector("main")?.innerHTML ?? null) : null;
let data: unknown = (() => {
  const element = servedAt ? document.getElementById("served-profile") : null;
  try {
    return element?.textContent ? JSON.parse(element.textContent) : undefined;
  } catch {
    return undefined;
  }
})();

const here = () => servedAt !== null && window.location.pathname === servedAt;

/** The server's paint of this page's content (inside <main>), while the page's own render is not there. */
export const servedMarkup = (): string | null => (here() ? markup : null);

/** The profile the server painted this page with, if it is this one's. */
export function servedData<T extends { guidId: string }>(guidId: string): T | undefined {
  const found = here() ? (data as T | undefined) : undefined;
  return found?.guidId === guidId ? found : undefined;
}

/** The page rendered itself: a later visit to it asks the API, and waits on a skeleton. */
export function forgetServed() {
  data = undefined;
  markup = null;
}
