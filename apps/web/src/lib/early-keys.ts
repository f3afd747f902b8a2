/**
 * Ctrl+K (Cmd+K) from the first paint. index.html's inline script listens for it before any of the app's
 * code has arrived (a signed-in screen only, never in a text box): it asks the shell's search to open, or
 * remembers that it was asked until the shell is there, and keeps what is typed meanwhile, in order, until
 * the search box has the focus and takes it. Without the script (a test's document) nothing is ever asked.
 */
interface EarlySearchKeys {
  /** Ctrl+K was pressed and the search box has not taken the keys since. */
  asked: boolean;
  /** What was typed since Ctrl+K while no text box had the focus. */
  text: string;
  /** Opens the search dialog: the shell's, once it is mounted. */
  open: (() => void) | null;
}

declare global {
  interface Window {
    visadeskSearchKeys?: EarlySearchKeys;
  }
}

/**
 * The shell's search opens on Ctrl+K from now on, and at once if it was pressed before the shell was
 * there. Answers the unsubscribe.
 */
export function openSearchOnShortcut(open: () => void): () => void {
  const keys = window.visadeskSearchKeys;
  if (!keys) return () => {};
  keys.open = open;
  if (keys.asked) open();
  return () => {
    if (keys.open === open) keys.open = null;
  };
}

/** What was typed between Ctrl+K and the search box's focus (empty if nothing was): it is taken once. */
export function takeTypedKeys(): string {
  const keys = window.visadeskSearchKeys;
  if (!keys?.asked) return "";
  const { text } = keys;
  keys.asked = false;
  keys.text = "";
  return text;
}
