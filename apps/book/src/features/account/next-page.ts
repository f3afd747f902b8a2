/** Where to go after signing in: a path of this site only (never another origin a link could name). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next;
}

/** Where a sign-up was going, kept in this browser for the emailed link, which carries no `next`. */
const PENDING_KEY = "visadesk-book-signup-next";
/** A verification code lasts a day at most: an older destination is forgotten. */
const PENDING_MS = 24 * 60 * 60 * 1000;
type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const browserStore = (): KeyValueStore | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** A sign-up from a chosen time: where to come back once the address is verified from the mail. */
export function rememberSignUpNext(email: string, next: string, store = browserStore(), now = Date.now()) {
  try {
    store?.setItem(
      PENDING_KEY,
      JSON.stringify({ email: email.trim().toLowerCase(), next: safeNext(next), at: now }),
    );
  } catch {
    // No storage: the in-page code still keeps it; the mailed link goes home.
  }
}

/** Where the sign-up of this address was going, if it was made in this browser within the day. */
export function signUpNext(email: string | null, store = browserStore(), now = Date.now()): string | null {
  if (!email) return null;
  try {
    const saved = JSON.parse(store?.getItem(PENDING_KEY) ?? "null") as {
      email?: unknown;
      next?: unknown;
      at?: unknown;
    } | null;
    if (!saved || saved.email !== email.trim().toLowerCase() || typeof saved.next !== "string") return null;
    if (typeof saved.at !== "number" || now - saved.at > PENDING_MS) return null;
    return safeNext(saved.next);
  } catch {
    return null;
  }
}

/** The address is verified: the destination has served. */
export function forgetSignUpNext(store = browserStore()) {
  try {
    store?.removeItem(PENDING_KEY);
  } catch {
    // Nothing kept.
  }
}
