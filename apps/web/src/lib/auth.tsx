import type { LoginResponse } from "@visadesk/contract/auth";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type StoredUser, session } from "./session";

/** User, tokens, isAuthenticated, loading. */
export interface AuthState {
  user: StoredUser | null;
  tokens: { accessToken: string; refreshToken: string | null } | null;
  isAuthenticated: boolean;
  loading: boolean;
}

interface AuthContextValue extends AuthState {
  login(response: Pick<LoginResponse, "accessToken" | "user">): void;
  logout(): void;
  updateUser(update: Partial<StoredUser>): void;
}

const signedOut: AuthState = { user: null, tokens: null, isAuthenticated: false, loading: false };
const AuthContext = createContext<AuthContextValue | null>(null);

/** Restores the session only when both the user and the token are stored; corrupt data clears both. */
function restore(): AuthState {
  try {
    const token = session.getToken();
    const user = session.getUser();
    if (token && user) {
      return {
        user,
        tokens: { accessToken: token, refreshToken: null },
        isAuthenticated: true,
        loading: false,
      };
    }
  } catch {
    session.clear();
  }
  return signedOut;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ ...signedOut, loading: true });

  useEffect(() => {
    setState(restore());
    // Another tab signing in or out changes this tab's session too.
    const onStorage = () => setState(restore());
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const login = useCallback((response: Pick<LoginResponse, "accessToken" | "user">) => {
    session.save(response.accessToken, response.user);
    setState({
      user: response.user,
      tokens: { accessToken: response.accessToken, refreshToken: null },
      isAuthenticated: true,
      loading: false,
    });
  }, []);

  const logout = useCallback(() => {
    session.clear();
    setState(signedOut);
  }, []);

  const updateUser = useCallback((update: Partial<StoredUser>) => {
    const user = session.mergeUser(update);
    setState((current) => ({ ...current, user }));
  }, []);

  const value = useMemo(() => ({ ...state, login, logout, updateUser }), [state, login, logout, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
