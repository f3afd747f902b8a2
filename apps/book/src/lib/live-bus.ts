import type { CustomerLiveChange } from "@visadesk/contract/customer-live-endpoints";

/**
 * What the live stream tells the open pages: the customer's records that changed, or `resync` after the
 * stream was interrupted (anything may have changed meanwhile: the page loads its records again). It
 * imports nothing, so neither the stream's chunk nor the pages' pull anything into the site's first chunks.
 */
export type LiveNews = CustomerLiveChange & { resync?: true };
type Listener = (news: LiveNews) => void;

const listeners = new Set<Listener>();

/** Tells every page listening (called by the live stream, lib/live-updates.ts). */
export function tellLiveNews(news: LiveNews) {
  for (const listener of listeners) listener(news);
}

/**
 * Calls `listener` with each piece of news until the function it answers is called (a page's effect).
 * The stream itself is read only while the customer is signed in (lib/session.ts starts it).
 */
export function onLiveNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
