import type { SessionUser } from "@visadesk/contract/auth";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";

/** The stored session user: the fields read are firstName, lastName, userName and email. */
export type StoredUser = Partial<SessionUser> & Record<string, unknown>;

export const session = {
  getToken: (): string | null => localStorage.getItem(STORAGE_KEYS.accessToken),
  /** A refresh-token getter exists in the spec, but no refresh token is ever stored. */
  getRefreshToken: (): string | null => null,
  /** The stored user; throws on corrupt JSON so callers can apply the spec's clearing rule. */
  getUser(): StoredUser | null {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (raw === null) return null;
    const user: unknown = JSON.parse(raw);
    if (!user || typeof user !== "object" || Array.isArray(user)) throw new Error("Corrupt stored user");
    return user as StoredUser;
  },
  save(token: string, user: StoredUser) {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  },
  /** Merges a partial update into the stored user. */
  mergeUser(update: Partial<StoredUser>): StoredUser {
    const merged = { ...(safeUser() ?? {}), ...update };
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(merged));
    return merged;
  },
  /** Removes only the access token (the token-test page's "Clear Token"). */
  clearToken() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.user);
  },
};

function safeUser(): StoredUser | null {
  try {
    return session.getUser();
  } catch {
    return null;
  }
}

/** "First Last", falling back to the user name and then to the email (spec: profile dropdown). */
export function displayName(user: StoredUser | null): string {
  const full = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim();
  return full || user?.userName || user?.email || "";
}
