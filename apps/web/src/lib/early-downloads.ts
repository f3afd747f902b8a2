/**
 * index.html's inline script (build/early-downloads.ts) adds the first screen's preload links a few per
 * task, and marks the page with this attribute while it does: "adding", then "added".
 */
export const EARLY_DOWNLOADS_ATTRIBUTE = "data-early-downloads";
/** The event the inline script sends on the window once every link is in. */
export const EARLY_DOWNLOADS_ADDED = "visadesk:early-downloads-added";

/**
 * Runs `then` once the inline script has added its links (at once where there is no such script, as in
 * development). Vite's loader then finds each of the screen's files already asked for: started earlier,
 * it added the rest itself, tens of links in one long task.
 */
export function afterEarlyDownloads(then: () => void) {
  if (document.documentElement.getAttribute(EARLY_DOWNLOADS_ATTRIBUTE) !== "adding") {
    setTimeout(then);
    return;
  }
  window.addEventListener(EARLY_DOWNLOADS_ADDED, () => setTimeout(then), { once: true });
}
